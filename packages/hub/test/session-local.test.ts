/**
 * A browser session runs the hub's own models as its user, over real HTTP on
 * 127.0.0.1, on both engines: a signed-in person's private local model answers
 * the site's widget call (cookie, same origin, no token); the same call from
 * another site's origin is refused by the CSRF rule; a session does not unlock
 * third-party providers, and a stale cookie is an anonymous caller.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHubApp } from "../src/app.js";
import { createLocalRuntime, type HubLocalRuntime } from "../src/local-inference/local-runtime.js";
import { tinySentiment } from "../src/seed/catalogue/local-models.js";
import { OPERATOR_KEY } from "./router-fakes.js";
import { accountClient, sessionCookie } from "./support/accounts.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { loadSeedOwnedBy } from "./support/repos.js";
import { seedModel } from "./support/seed-records.js";

const PRIVATE_MODEL = "/hf-inference/models/dana/private-sentiment";

describe.each(ENGINES)("browser sessions on hf-inference on %s", (engine) => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let runtime: HubLocalRuntime;
	let server: Listening;
	let call: ReturnType<typeof accountClient>;
	let dana: string;

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		hub = await openTestHub(testDb.config);
		runtime = createLocalRuntime(hub.deps);
		const app = createHubApp(hub.deps, {
			router: { localRuntime: runtime, providerKeys: { together: { key: OPERATOR_KEY } } },
		});
		server = await listen(app);
		call = accountClient(server.url);
		const signUp = await call("/api/auth/signup", {
			body: { username: "dana", email: "dana@example.com", password: "correct horse battery" },
		});
		expect(signUp.status).toBe(201);
		// Her private model, from a catalogue that names her namespace (settled by a grant).
		await loadSeedOwnedBy(
			hub.deps,
			["dana"],
			[seedModel("dana/private-sentiment", { private: true, files: tinySentiment().files })],
		);
		dana = sessionCookie(signUp.headers)?.value ?? "";
	});

	afterAll(async () => {
		await server?.close();
		await runtime?.close();
		await hub?.close();
		await testDb?.cleanup();
	});

	it("runs the signed-in person's private local model from a same-origin cookie call", async () => {
		const answer = await call(PRIVATE_MODEL, { session: dana, body: { inputs: "a wonderful film" } });
		expect(answer.status, JSON.stringify(answer.body)).toBe(200);
		const [ranked] = answer.body as { label: string; score: number }[][];
		expect(ranked?.[0]?.label).toBe("POSITIVE");
	});

	it("refuses the same call from another site's origin, and hides the model from others", async () => {
		const foreign = await call(PRIVATE_MODEL, {
			session: dana,
			origin: "https://evil.example",
			body: { inputs: "a wonderful film" },
		});
		expect(foreign.status).toBe(403);
		expect(foreign.headers.get("x-error-code")).toBe("CsrfRejected");

		const other = await call("/api/auth/signup", {
			body: { username: "eli", email: "eli@example.com", password: "correct horse battery" },
		});
		const eli = sessionCookie(other.headers)?.value ?? "";
		const hidden = await call(PRIVATE_MODEL, { session: eli, body: { inputs: "a wonderful film" } });
		expect(hidden.status).toBe(404);
		// A cookie naming no session is an anonymous caller: the private model stays hidden.
		const stale = await call(PRIVATE_MODEL, { session: "x".repeat(43), body: { inputs: "a wonderful film" } });
		expect(stale.status).toBe(404);
	});

	it("still needs a token for third-party providers", async () => {
		const answer = await call("/together/v1/chat/completions", {
			session: dana,
			body: { model: "meta-llama/Meta-Llama-3.1-8B-Instruct-Turbo", messages: [] },
		});
		expect(answer.status).toBe(401);
		expect(answer.headers.get("x-error-code")).toBe("TokenRequired");
	});
});
