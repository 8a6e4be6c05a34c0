/** Datasets: the listing's query and the shapes of a dataset's info, read as the visitor (repos.ts). */
import "server-only";
import type { PageInfo } from "./fetch";
import { getRepoInfo, getReposBy, listingQueryString, listRepos } from "./repos";

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

export interface DatasetPage extends PageInfo {
	datasets: DatasetListItem[];
}

/** The query string of `GET /api/datasets`: one `filter` per tag, 30 a page unless told. */
export const datasetQueryString = (query: DatasetQuery) => listingQueryString(query, ["search", "sort", "cursor"]);

export async function listDatasets(query: DatasetQuery): Promise<DatasetPage> {
	const { items, ...page } = await listRepos<DatasetListItem>("dataset", datasetQueryString(query));
	return { datasets: items, ...page };
}

/** One dataset, or undefined when the hub has none by that id (or the visitor may not see it). */
export const getDataset = (id: string) => getRepoInfo<DatasetInfo>("dataset", id);

/** A profile's datasets, newest change first (private ones too when the visitor may see them). */
export const getDatasetsBy = (author: string) => getReposBy<DatasetListItem>("dataset", author);
