/**
 * Datasets beside models, read through the public `@huggingface/hub` client over real HTTP:
 * the listing (search, tags, pages), dataset info, the file tree, downloads byte for byte,
 * who may see a private dataset, and a model and a dataset that share an id.
 */
import { createHash } from "node:crypto";
import {
	datasetInfo,
	downloadFile,
	fileDownloadInfo,
	HubApiError,
	listDatasets,
	listFiles,
	modelInfo,
} from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gitBlobOid } from "../src/git-oid.js";
import { type DatasetsHub, startDatasetsHub } from "./datasets-fixture.js";
import { ENGINES } from "./support/engines.js";

const CSV = "text,label\nhello,1\nbye,0\n";
const PARQUET = new Uint8Array(Array.from({ length: 4096 }, (_, index) => (index * 7) % 256));
const CARD = "---\ntask_categories:\n- text-classification\n---\n# Reviews\n\nShort reviews.\n";

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
	const all: T[] = [];
	for await (const item of items) all.push(item);
	return all;
}

/** Asks the hub for pages of two where the client asks for 500, so the listing has to follow `Link`. */
function smallPages(seen: string[]): typeof fetch {
	return (input, init) => {
		const url = String(input).replace("limit=500", "limit=2");
		seen.push(url);
		return fetch(url, init);
	};
}

describe.each(ENGINES)("datasets through @huggingface/hub on %s", (engine) => {
	let hub: DatasetsHub;
	let alice = "";
	let bob = "";

	beforeAll(async () => {
		hub = await startDatasetsHub(
			engine,
			{
				models: [{ id: "acme/shared-name", commits: [{ "config.json": '{"model_type":"bert"}' }] }],
				datasets: [
					{
						id: "acme/reviews",
						tags: ["task_categories:text-classification", "language:en"],
						downloads: 30,
						likes: 2,
						cardData: { task_categories: ["text-classification"] },
						description: "Short reviews.",
						commits: [
							{ "README.md": "# old card\n" },
							{ "README.md": CARD, "data/train.csv": CSV, "data/train.parquet": PARQUET },
						],
					},
					{ id: "acme/shared-name", downloads: 20, commits: [{ "README.md": "# a dataset\n", "rows.csv": CSV }] },
					{ id: "acme/questions", tags: ["language:en"], downloads: 10, commits: [{ "q.csv": "q\n" }] },
					{ id: "bob/speech", downloads: 5, commits: [{ "audio.csv": "a\n" }] },
					{ id: "acme/images", downloads: 1, commits: [{ "img.csv": "i\n" }] },
					{ id: "acme/gated-data", gated: "auto", commits: [{ "README.md": "# gated\n", "rows.csv": CSV }] },
					{
						id: "alice/diary",
						private: true,
						owner: "alice",
						downloads: 100,
						commits: [{ "days.csv": "day\n" }],
					},
				],
			},
			["alice", "bob"],
		);
		alice = hub.tokens.alice ?? "";
		bob = hub.tokens.bob ?? "";
	});
	afterAll(async () => {
		await hub?.close();
	});

	it("lists public datasets by downloads, following Link across pages, with the entry keys the client reads", async () => {
		const urls: string[] = [];
		const all = await collect(listDatasets({ hubUrl: hub.url, fetch: smallPages(urls) }));
		expect(all.map((entry) => entry.name)).toEqual([
			"acme/reviews",
			"acme/shared-name",
			"acme/questions",
			"bob/speech",
			"acme/images",
			"acme/gated-data",
		]);
		// Three pages of two: the client followed two absolute `Link`s.
		expect(urls).toHaveLength(3);
		expect(all.at(-1)?.gated).toBe("auto");
		const first = all[0];
		expect(first).toMatchObject({ private: false, downloads: 30, likes: 2, gated: false });
		expect(first?.id).toMatch(/^[0-9a-f]{24}$/);
		expect(first?.updatedAt.toISOString()).toBe("2024-03-01T00:00:00.000Z");
	});

	it("searches by id, filters by owner and tags, and tells the total", async () => {
		const found = await collect(listDatasets({ hubUrl: hub.url, search: { query: "REV" } }));
		expect(found.map((entry) => entry.name)).toEqual(["acme/reviews"]);
		const owned = await collect(listDatasets({ hubUrl: hub.url, search: { owner: "bob" } }));
		expect(owned.map((entry) => entry.name)).toEqual(["bob/speech"]);
		const tagged = await collect(
			listDatasets({ hubUrl: hub.url, search: { tags: ["language:en", "task_categories:text-classification"] } }),
		);
		expect(tagged.map((entry) => entry.name)).toEqual(["acme/reviews"]);
		const response = await fetch(`${hub.url}/api/datasets?filter=language:en&sort=id&direction=1&limit=1`);
		expect(response.headers.get("x-total-count")).toBe("2");
		expect((await response.json()).map((item: { id: string }) => item.id)).toEqual(["acme/questions"]);
		expect(response.headers.get("link")).toMatch(
			/^<http:\/\/127\.0\.0\.1:\d+\/api\/datasets\?.*cursor=.*>; rel="next"$/,
		);
	});

	it("answers only the keys `expand` asks for, and cardData and siblings with `full`", async () => {
		const picked = await (
			await fetch(`${hub.url}/api/datasets?search=reviews&expand=downloads&expand=citation`)
		).json();
		expect(picked).toEqual([{ _id: expect.stringMatching(/^[0-9a-f]{24}$/), id: "acme/reviews", downloads: 30 }]);
		const [full] = await (await fetch(`${hub.url}/api/datasets?search=reviews&full=true`)).json();
		expect(full.cardData).toEqual({ task_categories: ["text-classification"] });
		expect(full.siblings).toHaveLength(3);
	});

	it("serves a gated dataset's card to anyone and its data only with a token", async () => {
		const card = await fetch(`${hub.url}/datasets/acme/gated-data/resolve/main/README.md`);
		expect(card.status).toBe(200);
		const data = await fetch(`${hub.url}/datasets/acme/gated-data/resolve/main/rows.csv`);
		expect(data.status).toBe(401);
		expect(data.headers.get("x-error-code")).toBe("GatedRepo");
	});

	it("refuses an unknown sort or expand key with a 400", async () => {
		expect((await fetch(`${hub.url}/api/datasets?sort=numParameters`)).status).toBe(400);
		expect((await fetch(`${hub.url}/api/datasets?expand=bogus`)).status).toBe(400);
		expect((await fetch(`${hub.url}/api/datasets?limit=0`)).status).toBe(400);
	});

	it("answers datasetInfo with card data, tags and sha, and the files at a revision", async () => {
		const [oldSha, headSha] = hub.datasetCommits.get("acme/reviews") ?? [];
		const info = await datasetInfo({
			hubUrl: hub.url,
			name: "acme/reviews",
			additionalFields: ["author", "cardData", "tags", "sha", "description", "createdAt", "disabled"],
		});
		expect(info).toMatchObject({
			name: "acme/reviews",
			author: "acme",
			sha: headSha,
			downloads: 30,
			disabled: false,
			description: "Short reviews.",
			cardData: { task_categories: ["text-classification"] },
			tags: ["task_categories:text-classification", "language:en"],
		});
		const plain = await (await fetch(`${hub.url}/api/datasets/acme/reviews`)).json();
		expect(plain.siblings.map((file: { rfilename: string }) => file.rfilename)).toEqual([
			"README.md",
			"data/train.csv",
			"data/train.parquet",
		]);
		expect(plain.usedStorage).toBe(CARD.length + CSV.length + PARQUET.length);
		const old = await (await fetch(`${hub.url}/api/datasets/acme/reviews/revision/${oldSha}`)).json();
		expect(old.sha).toBe(oldSha);
		expect(old.siblings).toEqual([{ rfilename: "README.md" }]);
		const missing = await fetch(`${hub.url}/api/datasets/acme/reviews/revision/no-such-branch`);
		expect(missing.status).toBe(404);
		expect(missing.headers.get("x-error-code")).toBe("RevisionNotFound");
	});

	it("lists, describes and downloads a dataset's files byte for byte, counting data fetches only", async () => {
		const repo = { type: "dataset" as const, name: "acme/reviews" };
		const files = await collect(listFiles({ hubUrl: hub.url, repo, recursive: true }));
		expect(files.map((file) => [file.path, file.type, file.size])).toEqual([
			["README.md", "file", CARD.length],
			["data", "directory", 0],
			["data/train.csv", "file", CSV.length],
			["data/train.parquet", "file", PARQUET.length],
		]);
		const info = await fileDownloadInfo({ hubUrl: hub.url, repo, path: "data/train.csv" });
		expect(info).toMatchObject({ size: CSV.length, etag: `"${gitBlobOid(CSV)}"` });
		const before = await hub.datasetDownloads("acme/reviews");
		const csv = await downloadFile({ hubUrl: hub.url, repo, path: "data/train.csv" });
		expect(await csv?.text()).toBe(CSV);
		const parquet = await downloadFile({ hubUrl: hub.url, repo, path: "data/train.parquet" });
		const bytes = new Uint8Array((await parquet?.arrayBuffer()) ?? new ArrayBuffer(0));
		expect(createHash("sha256").update(bytes).digest("hex")).toBe(createHash("sha256").update(PARQUET).digest("hex"));
		expect(await (await downloadFile({ hubUrl: hub.url, repo, path: "README.md" }))?.text()).toBe(CARD);
		// Two data files fetched (the size probes and the card do not count).
		expect(await hub.datasetDownloads("acme/reviews")).toBe(before + 2);
		expect(await fileDownloadInfo({ hubUrl: hub.url, repo, path: "nope.csv" })).toBeNull();
		const raw = await fetch(`${hub.url}/datasets/acme/reviews/raw/main/data/train.csv`);
		expect(raw.headers.get("x-repo-commit")).toBe(hub.datasetCommits.get("acme/reviews")?.[1]);
	});

	it("answers paths-info for a dataset", async () => {
		const response = await fetch(`${hub.url}/api/datasets/acme/reviews/paths-info/main`, {
			method: "POST",
			headers: { "content-type": "application/json" },
			body: JSON.stringify({ paths: ["data/train.csv", "missing.txt", "data"] }),
		});
		expect(response.status).toBe(200);
		const entries = await response.json();
		expect(entries.map((entry: { path: string; type: string }) => [entry.path, entry.type])).toEqual([
			["data/train.csv", "file"],
			["data", "directory"],
		]);
	});

	it("hides a private dataset from others (401 without a token, 404 with one) and shows it to its owner", async () => {
		const repo = { type: "dataset" as const, name: "alice/diary" };
		for (const accessToken of [undefined, bob]) {
			const listed = await collect(listDatasets({ hubUrl: hub.url, accessToken }));
			expect(listed.map((entry) => entry.name)).not.toContain("alice/diary");
			const status = accessToken ? 404 : 401;
			await expect(datasetInfo({ hubUrl: hub.url, name: "alice/diary", accessToken })).rejects.toMatchObject({
				statusCode: status,
			});
			await expect(collect(listFiles({ hubUrl: hub.url, repo, accessToken }))).rejects.toBeInstanceOf(HubApiError);
			const file = await fetch(`${hub.url}/datasets/alice/diary/resolve/main/days.csv`, {
				headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
			});
			expect(file.status).toBe(status);
			expect(file.headers.get("x-error-code")).toBe("RepoNotFound");
		}
		const mine = await collect(listDatasets({ hubUrl: hub.url, accessToken: alice }));
		expect(mine[0]?.name).toBe("alice/diary");
		expect(mine[0]?.private).toBe(true);
		const count = await fetch(`${hub.url}/api/datasets`, { headers: { authorization: `Bearer ${alice}` } });
		expect(count.headers.get("x-total-count")).toBe("7");
		expect(await datasetInfo({ hubUrl: hub.url, name: "alice/diary", accessToken: alice })).toMatchObject({
			private: true,
		});
		const file = await downloadFile({ hubUrl: hub.url, repo, path: "days.csv", accessToken: alice });
		expect(await file?.text()).toBe("day\n");
	});

	it("keeps a model and a dataset with the same id apart", async () => {
		const model = await modelInfo({ hubUrl: hub.url, name: "acme/shared-name" });
		const dataset = await datasetInfo({ hubUrl: hub.url, name: "acme/shared-name", additionalFields: ["sha"] });
		expect(model.id).not.toBe(dataset.id);
		expect(dataset.sha).toBe(hub.datasetCommits.get("acme/shared-name")?.[0]);
		const modelFiles = await collect(listFiles({ hubUrl: hub.url, repo: { type: "model", name: "acme/shared-name" } }));
		const dataFiles = await collect(
			listFiles({ hubUrl: hub.url, repo: { type: "dataset", name: "acme/shared-name" } }),
		);
		expect(modelFiles.map((file) => file.path)).toEqual(["config.json"]);
		expect(dataFiles.map((file) => file.path)).toEqual(["README.md", "rows.csv"]);
		// Each is missing from the other's routes.
		expect((await fetch(`${hub.url}/acme/shared-name/resolve/main/rows.csv`)).status).toBe(404);
		expect((await fetch(`${hub.url}/datasets/acme/shared-name/resolve/main/config.json`)).status).toBe(404);
		const modelDownloads = await hub.downloads("acme/shared-name");
		const rows = await downloadFile({
			hubUrl: hub.url,
			repo: { type: "dataset", name: "acme/shared-name" },
			path: "rows.csv",
		});
		expect(await rows?.text()).toBe(CSV);
		expect(await hub.downloads("acme/shared-name")).toBe(modelDownloads);
		expect(await hub.datasetDownloads("acme/shared-name")).toBe(21);
	});
});
