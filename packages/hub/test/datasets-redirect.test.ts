/**
 * Renamed repositories on the read routes: the old id answers 307 to the new one (a relative
 * Location with the rest of the path and the query), which `@huggingface/hub` follows, for a
 * model and a dataset; a private target stays hidden from those who may not see it.
 * The `repo_redirects` rows are written here directly (the move route writes them in use).
 */
import { datasetInfo, downloadFile, listFiles, modelInfo } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoKey } from "../src/services/repos.js";
import { type DatasetsHub, startDatasetsHub } from "./datasets-fixture.js";
import { ENGINES } from "./support/engines.js";

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
	const all: T[] = [];
	for await (const item of items) all.push(item);
	return all;
}

describe.each(ENGINES)("renamed repositories on %s", (engine) => {
	let hub: DatasetsHub;
	let alice = "";
	let bob = "";

	beforeAll(async () => {
		hub = await startDatasetsHub(
			engine,
			{
				models: [
					{ id: "acme/new-model", commits: [{ "config.json": '{"v":2}' }] },
					{ id: "acme/live", commits: [{ "config.json": '{"live":true}' }] },
				],
				datasets: [
					{ id: "acme/new-data", commits: [{ "README.md": "# data\n", "data/rows.csv": "a,b\n1,2\n" }] },
					{ id: "alice/secret-data", private: true, owner: "alice", commits: [{ "s.csv": "s\n" }] },
				],
			},
			["alice", "bob"],
		);
		alice = hub.tokens.alice ?? "";
		bob = hub.tokens.bob ?? "";
		const rename = (type: "model" | "dataset", from: string, to: string) =>
			hub.hub.deps.db
				.insertInto("repo_redirects")
				.values({ from_id: repoKey(type, from), to_id: repoKey(type, to), created_at: "2024-05-01T00:00:00.000Z" })
				.execute();
		await rename("model", "acme/old-model", "acme/new-model");
		await rename("dataset", "acme/old-data", "acme/middle-data");
		await rename("dataset", "acme/middle-data", "acme/new-data");
		await rename("dataset", "alice/old-secret", "alice/secret-data");
		// A repository that lives at an old id again answers for itself.
		await rename("model", "acme/live", "acme/new-model");
	});
	afterAll(async () => {
		await hub?.close();
	});

	const manual = (path: string, init: RequestInit = {}) => fetch(`${hub.url}${path}`, { ...init, redirect: "manual" });

	it("redirects a renamed model's info, tree and files to its new id, keeping the path and query", async () => {
		const info = await manual("/api/models/acme/old-model?expand=sha");
		expect(info.status).toBe(307);
		expect(info.headers.get("location")).toBe("/api/models/acme/new-model?expand=sha");
		const tree = await manual("/api/models/acme/old-model/tree/main/sub?recursive=true");
		expect(tree.headers.get("location")).toBe("/api/models/acme/new-model/tree/main/sub?recursive=true");
		const file = await manual("/acme/old-model/resolve/main/config.json");
		expect(file.status).toBe(307);
		expect(file.headers.get("location")).toBe("/acme/new-model/resolve/main/config.json");

		expect((await modelInfo({ hubUrl: hub.url, name: "acme/old-model" })).name).toBe("acme/new-model");
		const repo = { type: "model" as const, name: "acme/old-model" };
		expect((await collect(listFiles({ hubUrl: hub.url, repo }))).map((entry) => entry.path)).toEqual(["config.json"]);
		expect(await (await downloadFile({ hubUrl: hub.url, repo, path: "config.json" }))?.text()).toBe('{"v":2}');
	});

	it("redirects a renamed dataset, through a chain of renames, on every read route", async () => {
		const file = await manual("/datasets/acme/old-data/raw/main/data/rows.csv");
		expect(file.headers.get("location")).toBe("/datasets/acme/middle-data/raw/main/data/rows.csv");
		const paths = await manual("/api/datasets/acme/old-data/paths-info/main", {
			method: "POST",
			headers: { "content-type": "application/json" },
			body: JSON.stringify({ paths: ["README.md"] }),
		});
		expect(paths.status).toBe(307);
		expect(paths.headers.get("location")).toBe("/api/datasets/acme/middle-data/paths-info/main");

		expect((await datasetInfo({ hubUrl: hub.url, name: "acme/old-data" })).name).toBe("acme/new-data");
		const repo = { type: "dataset" as const, name: "acme/old-data" };
		const files = await collect(listFiles({ hubUrl: hub.url, repo, recursive: true }));
		expect(files.map((entry) => entry.path)).toEqual(["README.md", "data", "data/rows.csv"]);
		expect(await (await downloadFile({ hubUrl: hub.url, repo, path: "data/rows.csv" }))?.text()).toBe("a,b\n1,2\n");
		// The dataset's redirect is not the model's: no model was renamed from this id.
		expect((await manual("/api/models/acme/old-data")).status).toBe(401);
	});

	it("does not redirect to a private repository those asking may not see", async () => {
		for (const [token, status] of [
			[undefined, 401],
			[bob, 404],
		] as const) {
			const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
			for (const path of ["/api/datasets/alice/old-secret", "/datasets/alice/old-secret/resolve/main/s.csv"]) {
				const response = await manual(path, { headers });
				expect(response.status).toBe(status);
				expect(response.headers.get("location")).toBeNull();
				expect(response.headers.get("x-error-code")).toBe("RepoNotFound");
				expect(await response.text()).not.toContain("secret-data");
			}
		}
		const owner = await datasetInfo({ hubUrl: hub.url, name: "alice/old-secret", accessToken: alice });
		expect(owner).toMatchObject({ name: "alice/secret-data", private: true });
	});

	it("serves a repository that lives at an old id again instead of redirecting", async () => {
		const response = await manual("/acme/live/resolve/main/config.json");
		expect(response.status).toBe(200);
		expect(await response.text()).toBe('{"live":true}');
	});
});
