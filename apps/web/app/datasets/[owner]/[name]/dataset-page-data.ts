import "server-only";
import { cache } from "react";
import { getDataset } from "@/lib/hub/datasets";

/** One hub call per request for the layout, the page and their metadata. */
export const loadDataset = cache(async (owner: string, name: string) =>
	getDataset(`${decodeURIComponent(owner)}/${decodeURIComponent(name)}`),
);

export type DatasetParams = { params: Promise<{ owner: string; name: string }> };
