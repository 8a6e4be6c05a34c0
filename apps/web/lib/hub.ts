/**
 * The site's only way to the hub: its public HTTP API at `HUBKIT_HUB_URL`, read on
 * the server. Pages never import the hub's code, so the site can run (and scale)
 * apart from it. Every call is made per request (`connection()`): the hub's data
 * changes while the site runs, and the build must not try to reach a hub. Reads go
 * as the visitor (lib/session.ts), so private repositories show to those who may see them.
 */
import "server-only";
import { type RepoType, repoApiPath, repoPagePath } from "./paths";
import { hubAsVisitor } from "./session";

export interface ModelListItem {
	id: string;
	pipeline_tag?: string;
	library_name?: string;
	tags: string[];
	downloads: number;
	likes: number;
	lastModified: string;
	private: boolean;
	gated: false | "auto" | "manual";
}

export interface ProviderMappingEntry {
	providerId: string;
	task: string;
	status: "live" | "staging";
	adapter?: string;
	adapterWeightsPath?: string;
	hfModelId?: string;
}

export interface ModelInfo extends ModelListItem {
	author?: string;
	sha?: string;
	createdAt?: string;
	config?: Record<string, unknown>;
	cardData?: Record<string, unknown>;
	widgetData?: Record<string, unknown>[];
	transformersInfo?: Record<string, unknown>;
	siblings?: { rfilename: string }[];
	inferenceProviderMapping?: Record<string, ProviderMappingEntry>;
}

export interface TreeEntry {
	type: "file" | "directory";
	path: string;
	size: number;
	oid: string;
	lfs?: { oid: string; size: number; pointerSize: number };
}

export interface ModelQuery {
	search?: string;
	pipeline_tag?: string;
	library?: string;
	inference_provider?: string;
	sort?: string;
	cursor?: string;
	limit?: number;
}

export interface ModelPage {
	models: ModelListItem[];
	/** The hub's opaque cursor for the next page; absent on the last page. */
	nextCursor?: string;
	/** Only when the hub sends `X-Total-Count` (it does not count searches). */
	total?: number;
	/** The hub stopped counting here (`X-Total-Count-At-Least`): there are this many or more. */
	totalAtLeast?: number;
}

/** The hub answered with an error the page cannot turn into "not found". */
export class HubRequestError extends Error {
	readonly status: number;
	constructor(status: number, message: string) {
		super(message);
		this.name = "HubRequestError";
		this.status = status;
	}
}

function hubUrl(): string {
	return (process.env.HUBKIT_HUB_URL ?? "http://127.0.0.1:8787").replace(/\/+$/, "");
}

/** As the visitor (their session cookie, if any): a private repository shows to those who may see it. */
async function hubFetch(path: string): Promise<Response> {
	return hubAsVisitor(path);
}

async function failure(response: Response): Promise<HubRequestError> {
	let message = `The hub answered ${response.status}`;
	try {
		const body = (await response.json()) as { error?: unknown };
		if (typeof body.error === "string") message = body.error;
	} catch {
		// Not the hub's JSON error shape: keep the status line.
	}
	return new HubRequestError(response.status, message);
}

/** A missing model and one the visitor may not see look the same (401/404 RepoNotFound). */
function isMissing(response: Response): boolean {
	return (
		response.status === 404 || (response.status === 401 && response.headers.get("x-error-code") === "RepoNotFound")
	);
}

/** The `cursor` parameter of the `Link: <…>; rel="next"` URL. */
export function nextCursorOf(link: string | null): string | undefined {
	const match = link?.match(/<([^>]+)>;\s*rel="next"/);
	if (!match?.[1]) return undefined;
	return new URL(match[1]).searchParams.get("cursor") ?? undefined;
}

export async function listModels(query: ModelQuery): Promise<ModelPage> {
	const params = new URLSearchParams();
	for (const key of ["search", "pipeline_tag", "library", "inference_provider", "sort", "cursor"] as const) {
		const value = query[key];
		if (value) params.set(key, value);
	}
	params.set("limit", String(query.limit ?? 30));
	const response = await hubFetch(`/api/models?${params}`);
	if (!response.ok) throw await failure(response);
	const count = (name: string) => {
		const value = Number(response.headers.get(name) ?? Number.NaN);
		return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
	};
	return {
		models: (await response.json()) as ModelListItem[],
		nextCursor: nextCursorOf(response.headers.get("link")),
		total: count("x-total-count"),
		totalAtLeast: count("x-total-count-at-least"),
	};
}

/**
 * One model, or undefined when the hub has none by that id. A renamed bare id
 * (`distilroberta-base`) is answered with a 307 that fetch follows, so the
 * returned `id` is the current one.
 */
export async function getModel(id: string): Promise<ModelInfo | undefined> {
	const response = await hubFetch(repoApiPath("model", id));
	if (isMissing(response)) return undefined;
	if (!response.ok) throw await failure(response);
	return (await response.json()) as ModelInfo;
}

export async function getModelTree(id: string): Promise<TreeEntry[]> {
	return getRepoTree("model", id);
}

/** Every file and folder on `main`, or none when the repository is missing. */
export async function getRepoTree(type: RepoType, id: string): Promise<TreeEntry[]> {
	const response = await hubFetch(`${repoApiPath(type, id)}/tree/main?recursive=true&limit=1000`);
	if (isMissing(response)) return [];
	if (!response.ok) throw await failure(response);
	return (await response.json()) as TreeEntry[];
}

/** The model card's markdown, or undefined when the repository has no README.md. */
export async function getModelReadme(id: string): Promise<string | undefined> {
	return getRepoReadme("model", id);
}

/** A model's or dataset's card (README.md on main), or undefined when it has none. */
export async function getRepoReadme(type: RepoType, id: string): Promise<string | undefined> {
	const response = await hubFetch(`${repoPagePath(type, id)}/raw/main/README.md`);
	if (response.status === 404 || response.status === 401) return undefined;
	if (!response.ok) throw await failure(response);
	return await response.text();
}

export interface DatasetListItem {
	id: string;
	author?: string;
	tags: string[];
	downloads: number;
	likes: number;
	lastModified: string;
	private: boolean;
	gated: false | "auto" | "manual";
	description?: string;
}

export interface DatasetInfo extends DatasetListItem {
	sha?: string;
	createdAt?: string;
	cardData?: Record<string, unknown>;
	siblings?: { rfilename: string }[];
}

export interface DatasetQuery {
	search?: string;
	/** Tags every dataset listed has (`task_categories:text-classification`). */
	filter?: string[];
	sort?: string;
	cursor?: string;
	limit?: number;
}

export interface DatasetPage {
	datasets: DatasetListItem[];
	nextCursor?: string;
	total?: number;
	totalAtLeast?: number;
}

export async function listDatasets(query: DatasetQuery): Promise<DatasetPage> {
	const params = new URLSearchParams();
	for (const key of ["search", "sort", "cursor"] as const) {
		const value = query[key];
		if (value) params.set(key, value);
	}
	for (const tag of query.filter ?? []) params.append("filter", tag);
	params.set("limit", String(query.limit ?? 30));
	const response = await hubFetch(`/api/datasets?${params}`);
	if (!response.ok) throw await failure(response);
	const count = (name: string) => {
		const value = Number(response.headers.get(name) ?? Number.NaN);
		return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
	};
	return {
		datasets: (await response.json()) as DatasetListItem[],
		nextCursor: nextCursorOf(response.headers.get("link")),
		total: count("x-total-count"),
		totalAtLeast: count("x-total-count-at-least"),
	};
}

/** One dataset, or undefined when the hub has none by that id (or the visitor may not see it). */
export async function getDataset(id: string): Promise<DatasetInfo | undefined> {
	const response = await hubFetch(repoApiPath("dataset", id));
	if (isMissing(response)) return undefined;
	if (!response.ok) throw await failure(response);
	return (await response.json()) as DatasetInfo;
}

/** Fetches a hub file for the site's own asset routes (the image optimizer reads them in process). */
export async function fetchHubAsset(path: string): Promise<Response> {
	return fetch(`${hubUrl()}${path}`, { cache: "no-store" });
}
