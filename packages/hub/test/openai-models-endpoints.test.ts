/**
 * `GET /v1/models` with `HUBKIT_ENDPOINTS`: the models the file sends to OpenAI-compatible servers
 * are listed beside the local runtime's — the hub's repositories it matches (by id, or in a
 * namespace a pattern names) as the caller may see them, and ids with no repository here.
 */
import { describe, expect, it } from "vitest";
import { parseEndpoints } from "../src/router/index.js";
import { useLocalHub } from "./support/local-hub.js";
import { createTestRepo } from "./support/repos.js";

const FILE = `
endpoints:
  acme/served-by-id:
    baseUrl: http://10.0.0.1:8000/v1
  server-only/big-chat:
    baseUrl: http://10.0.0.1:8000/v1
  "team/*-chat":
    baseUrl: http://10.0.0.2:8000/v1
  "**/*-instruct":
    baseUrl: http://10.0.0.3:8000/v1
`;

describe("/v1/models with external inference servers", () => {
	const hub = useLocalHub("sqlite", []);

	it("lists what the file sends away, hides what the caller may not see, and names no pattern", async () => {
		hub.deps.endpoints = parseEndpoints(FILE, "endpoints.yaml", {});
		for (const id of ["acme/served-by-id", "team/small-chat", "team/notes", "acme/not-named"]) {
			await createTestRepo(hub.deps, id);
		}
		await createTestRepo(hub.deps, "team/secret-chat", { private: true });
		const list = async (token?: string) => {
			const answer = await fetch(`${hub.url}/v1/models`, {
				headers: token ? { authorization: `Bearer ${token}` } : {},
			});
			return ((await answer.json()) as { data: { id: string; owned_by: string; providers: unknown[] }[] }).data;
		};
		const models = await list(hub.token);
		expect(models.map((model) => model.id)).toEqual(["acme/served-by-id", "server-only/big-chat", "team/small-chat"]);
		for (const model of models) {
			expect(model.providers).toEqual([{ provider: "hf-inference", task: "conversational", status: "live" }]);
		}
		expect(models.find((model) => model.id === "server-only/big-chat")?.owned_by).toBe("server-only");
		expect((await list()).map((model) => model.id)).toEqual(models.map((model) => model.id));

		const one = await fetch(`${hub.url}/v1/models/${encodeURIComponent("server-only/big-chat")}`);
		expect(one.status).toBe(200);
		expect((await fetch(`${hub.url}/v1/models/team/secret-chat`)).status).toBe(404);
	});
});
