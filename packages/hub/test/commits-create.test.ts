/**
 * `POST /api/repos/create` in the shapes the clients send (a bare name with
 * `organization: null`, `private: true` from old clients, `visibility`, `type`), who may
 * create where (an organisation's writers, not its readers), the names it refuses, and
 * the library a repository's files imply when its card names none (GGUF, transformers).
 * On SQLite and PostgreSQL.
 */
import { describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { commitRaw, createRepoRaw, header, inline } from "./commits-fixture.js";
import { ENGINES } from "./support/engines.js";
import { useHttpHub } from "./support/hub.js";

describe.each(ENGINES)("creating repositories (%s)", (engine) => {
	const hub = useHttpHub(engine);

	const call = (path: string, token: string, method: string, body: unknown) =>
		fetch(`${hub.url}${path}`, {
			method,
			headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
			body: JSON.stringify(body),
		});
	const row = (id: string) =>
		hub.deps.db
			.selectFrom("models")
			.select(["private", "author", "owner", "library_name", "tags"])
			.where("id", "=", id)
			.executeTakeFirst();

	it("takes each client's shape and answers with the url and id", async () => {
		const { token } = await createAccessToken(hub.deps.db, "quinn", { role: "write" });
		const python = await createRepoRaw(hub.url, token, { name: "py-style", organization: null, private: true });
		expect(python.body).toEqual({ url: `${hub.url}/quinn/py-style`, id: "quinn/py-style", name: "quinn/py-style" });
		expect(await row("quinn/py-style")).toMatchObject({ private: 1, author: "quinn", owner: "quinn" });
		const js = await createRepoRaw(hub.url, token, { name: "js-style", organization: "quinn", visibility: "public" });
		expect(js.status).toBe(200);
		expect((await row("quinn/js-style"))?.private).toBe(0);
		const dataset = await createRepoRaw(hub.url, token, { name: "set", type: "dataset", visibility: "protected" });
		expect(dataset.body.url).toBe(`${hub.url}/datasets/quinn/set`);

		const refusals: [Record<string, unknown>, number, RegExp][] = [
			[{ name: "space", type: "space" }, 400, /no spaces/],
			[{ name: "bad--name" }, 400, /Invalid repository id/],
			[{ name: "settings" }, 400, /reserved/],
			[{ name: "x", visibility: "secret" }, 400, /visibility/],
			[{ name: "x", organization: "someone-else" }, 403, /cannot write in someone-else/],
			[{}, 400, /name is required/],
		];
		for (const [body, status, message] of refusals) {
			const answer = await createRepoRaw(hub.url, token, body);
			expect(answer.status, JSON.stringify(body)).toBe(status);
			expect(answer.body.error).toMatch(message);
		}
		const anonymous = await fetch(`${hub.url}/api/repos/create`, {
			method: "POST",
			headers: { "content-type": "application/json" },
			body: JSON.stringify({ name: "x", organization: "quinn" }),
		});
		expect(anonymous.status).toBe(401);
	});

	it("lets an organisation's writers create in it, not its readers", async () => {
		const admin = (await createAccessToken(hub.deps.db, "rae", { role: "write" })).token;
		const writer = (await createAccessToken(hub.deps.db, "sol", { role: "write" })).token;
		const reader = (await createAccessToken(hub.deps.db, "tam", { role: "write" })).token;
		expect((await call("/api/organizations", admin, "POST", { name: "makers" })).status).toBe(201);
		expect((await call("/api/organizations/makers/members/sol", admin, "PUT", { role: "write" })).status).toBe(204);
		expect((await call("/api/organizations/makers/members/tam", admin, "PUT", { role: "read" })).status).toBe(204);
		expect((await createRepoRaw(hub.url, writer, { name: "by-sol", organization: "makers" })).status).toBe(200);
		expect(await row("makers/by-sol")).toMatchObject({ author: "makers", owner: "makers" });
		expect((await createRepoRaw(hub.url, reader, { name: "by-tam", organization: "makers" })).status).toBe(403);
		expect(await row("makers/by-tam")).toBeUndefined();
		// The reader may not commit to it either; the writer may.
		expect((await commitRaw(hub.url, reader, "makers/by-sol", [header("x"), inline("a.txt", "a")])).status).toBe(403);
		expect((await commitRaw(hub.url, writer, "makers/by-sol", [header("x"), inline("a.txt", "a")])).status).toBe(200);
	});

	it("names the library the files imply when the card does not", async () => {
		const { token } = await createAccessToken(hub.deps.db, "uma", { role: "write" });
		await createRepoRaw(hub.url, token, { name: "quant" });
		const gguf = await commitRaw(hub.url, token, "uma/quant", [
			header("weights"),
			inline("tiny-q4.gguf", "GGUF but not really"),
		]);
		expect(gguf.status).toBe(200);
		expect(await row("uma/quant")).toMatchObject({
			library_name: "gguf",
			tags: JSON.stringify(["gguf", "text-generation"]),
		});

		await createRepoRaw(hub.url, token, { name: "bert" });
		await commitRaw(hub.url, token, "uma/bert", [
			header("weights"),
			inline("config.json", JSON.stringify({ architectures: ["BertForMaskedLM"] })),
			inline("model.safetensors", "not really"),
		]);
		expect(await row("uma/bert")).toMatchObject({
			library_name: "transformers",
			tags: JSON.stringify(["transformers", "safetensors", "fill-mask"]),
		});
	});
});
