/**
 * Promises of the README's "Security" section that no other suite holds: tokens
 * are stored as their sha256 only, the hub never takes a cookie for a token (so
 * its open CORS lends no one's session to another site), and CORS is open
 * without credentials. On both engines.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { ENGINES } from "./support/engines.js";
import { useHttpHub } from "./support/hub.js";

describe.each(ENGINES)("security promises on %s", (engine) => {
	const hub = useHttpHub(engine);

	it("stores a token as its sha256 only: no column of any token row holds the token", async () => {
		const created = await createAccessToken(hub.deps.db, "sasha", { displayName: "laptop" });
		const rows = await hub.deps.db.selectFrom("access_tokens").selectAll().execute();
		expect(rows).toHaveLength(1);
		expect(rows[0]?.token_hash).toBe(createHash("sha256").update(created.token).digest("hex"));
		expect(JSON.stringify(rows)).not.toContain(created.token);
		expect(JSON.stringify(rows)).not.toContain(created.token.slice(3));
	});

	it("never takes a cookie for a token: a request with only a cookie is anonymous", async () => {
		const { token } = await createAccessToken(hub.deps.db, "ruth");
		const withCookie = await fetch(`${hub.url}/api/whoami-v2`, {
			headers: { cookie: `token=${token}; hf_token=${token}; session=${token}` },
		});
		expect(withCookie.status).toBe(401);
		expect(withCookie.headers.get("x-error-code")).toBe("TokenRequired");
		const withHeader = await fetch(`${hub.url}/api/whoami-v2`, { headers: { authorization: `Bearer ${token}` } });
		expect((await withHeader.json()).name).toBe("ruth");
	});

	it("answers any origin without credentials, and exposes the headers clients read", async () => {
		const response = await fetch(`${hub.url}/api/models?limit=1`, {
			headers: { origin: "https://elsewhere.example" },
		});
		expect(response.headers.get("access-control-allow-origin")).toBe("*");
		expect(response.headers.get("access-control-allow-credentials")).toBeNull();
		const exposed = (response.headers.get("access-control-expose-headers") ?? "").split(",");
		expect(exposed).toEqual(expect.arrayContaining(["X-Error-Code", "Retry-After", "Link", "X-Repo-Commit"]));
		const preflight = await fetch(`${hub.url}/api/models`, {
			method: "OPTIONS",
			headers: {
				origin: "https://elsewhere.example",
				"access-control-request-method": "GET",
				"access-control-request-headers": "authorization",
			},
		});
		expect(preflight.status).toBe(204);
		expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
		expect(preflight.headers.get("access-control-allow-credentials")).toBeNull();
		expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("authorization");
	});
});
