/**
 * Datasets: the listing (`GET /api/datasets`, with its cursor and counts) and one
 * dataset's info, read as the visitor.
 */
import "server-only";
import { repoApiPath } from "../paths";
import { failure, hubAsVisitor, isMissing, type PageInfo, pageInfoOf, readAsVisitor } from "./fetch";

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
export function datasetQueryString(query: DatasetQuery): string {
	const params = new URLSearchParams();
	for (const key of ["search", "sort", "cursor"] as const) {
		const value = query[key];
		if (value) params.set(key, value);
	}
	for (const tag of query.filter ?? []) params.append("filter", tag);
	params.set("limit", String(query.limit ?? 30));
	return params.toString();
}

export async function listDatasets(query: DatasetQuery): Promise<DatasetPage> {
	const response = await hubAsVisitor(`/api/datasets?${datasetQueryString(query)}`);
	if (!response.ok) throw await failure(response);
	return { datasets: (await response.json()) as DatasetListItem[], ...pageInfoOf(response.headers) };
}

/** One dataset, or undefined when the hub has none by that id (or the visitor may not see it). */
export async function getDataset(id: string): Promise<DatasetInfo | undefined> {
	const response = await hubAsVisitor(repoApiPath("dataset", id));
	if (isMissing(response)) return undefined;
	if (!response.ok) throw await failure(response);
	return (await response.json()) as DatasetInfo;
}

/** A profile's datasets, newest change first (private ones too when the visitor may see them). */
export async function getDatasetsBy(author: string): Promise<DatasetListItem[]> {
	return (
		(await readAsVisitor<DatasetListItem[]>(
			`/api/datasets?author=${encodeURIComponent(author)}&sort=lastModified&limit=100`,
		)) ?? []
	);
}
