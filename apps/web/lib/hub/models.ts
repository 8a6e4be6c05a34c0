/** Models: the listing's query and the shapes of a model's info, its files and card, read as the visitor (repos.ts). */
import "server-only";
import type { PageInfo } from "./fetch";
import {
	getRepoInfo,
	getRepoReadme,
	getReposBy,
	getRepoTree,
	listingQueryString,
	listRepos,
	type TreeEntry,
} from "./repos";

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

export interface ModelQuery {
	search?: string;
	pipeline_tag?: string;
	library?: string;
	inference_provider?: string;
	sort?: string;
	cursor?: string;
	limit?: number;
}

export interface ModelPage extends PageInfo {
	models: ModelListItem[];
}

/** The query string of `GET /api/models`: only the filters that are set, and 30 a page unless told. */
export const modelQueryString = (query: ModelQuery) =>
	listingQueryString(query, ["search", "pipeline_tag", "library", "inference_provider", "sort", "cursor"]);

export async function listModels(query: ModelQuery): Promise<ModelPage> {
	const { items, ...page } = await listRepos<ModelListItem>("model", modelQueryString(query));
	return { models: items, ...page };
}

/** One model, or undefined when the hub has none by that id (a renamed bare id is followed). */
export const getModel = (id: string) => getRepoInfo<ModelInfo>("model", id);

export async function getModelTree(id: string): Promise<TreeEntry[]> {
	return getRepoTree("model", id);
}

/** The model card's markdown, or undefined when the repository has no README.md. */
export async function getModelReadme(id: string): Promise<string | undefined> {
	return getRepoReadme("model", id);
}

/** A profile's models, newest change first (private ones too when the visitor may see them). */
export const getModelsBy = (author: string) => getReposBy<ModelListItem>("model", author);
