/** Models: the listing's query and the shapes of a model's info, its files and card, read as the visitor (repos.ts). */
import "server-only";
import { repoApiPath } from "../paths";
import { type PageInfo, readAsVisitor } from "./fetch";
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

/** Parameters per dtype from the safetensors headers, and their total. */
export interface SafetensorsInfo {
	parameters: Record<string, number>;
	total: number;
}

/** What a GGUF file's header says (`quantization` is the file type's name, e.g. Q4_K_M). */
export interface GgufInfo {
	total: number;
	architecture?: string;
	context_length?: number;
	chat_template?: string;
	bos_token?: string;
	eos_token?: string;
	quantization?: string;
}

export type BaseModelRelation = "adapter" | "merge" | "quantized" | "finetune";

/** Where a model sits in the model tree: what it is made from, and how many models are made from it. */
export interface ModelFamily {
	baseModels?: { relation: BaseModelRelation; models: { id: string }[] };
	childrenModelCount?: Partial<Record<BaseModelRelation, number>>;
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
	safetensors?: SafetensorsInfo;
	gguf?: GgufInfo;
}

export interface ModelQuery {
	search?: string;
	pipeline_tag?: string;
	library?: string;
	inference_provider?: string;
	/** A tag the models must carry (the hub's `filter`), e.g. `base_model:quantized:<id>`. */
	other?: string;
	sort?: string;
	cursor?: string;
	limit?: number;
}

export interface ModelPage extends PageInfo {
	models: ModelListItem[];
}

/** The query string of `GET /api/models`: only the filters that are set, and 30 a page unless told. */
export const modelQueryString = ({ other, ...query }: ModelQuery) =>
	listingQueryString({ ...query, filter: other ? [other] : [] }, [
		"search",
		"pipeline_tag",
		"library",
		"inference_provider",
		"sort",
		"cursor",
	]);

export async function listModels(query: ModelQuery): Promise<ModelPage> {
	const { items, ...page } = await listRepos<ModelListItem>("model", modelQueryString(query));
	return { models: items, ...page };
}

/** One model, or undefined when the hub has none by that id (a renamed bare id is followed). */
export const getModel = (id: string) => getRepoInfo<ModelInfo>("model", id);

/** The model's base models and its children's count by relation (expand-only keys of the model answer). */
export async function getModelFamily(id: string): Promise<ModelFamily> {
	const family = await readAsVisitor<ModelFamily>(
		`${repoApiPath("model", id)}?expand=baseModels&expand=childrenModelCount`,
	);
	return family ?? {};
}

export async function getModelTree(id: string): Promise<TreeEntry[]> {
	return getRepoTree("model", id);
}

/** The model card's markdown, or undefined when the repository has no README.md. */
export async function getModelReadme(id: string): Promise<string | undefined> {
	return getRepoReadme("model", id);
}

/** A profile's models, newest change first (private ones too when the visitor may see them). */
export const getModelsBy = (author: string) => getReposBy<ModelListItem>("model", author);
