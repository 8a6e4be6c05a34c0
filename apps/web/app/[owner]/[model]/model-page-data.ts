import "server-only";
import { cache } from "react";
import { getModel } from "@/lib/hub/models";

/** One hub call per request for the layout, the page and their metadata. */
export const loadModel = cache(async (owner: string, name: string) =>
	getModel(`${decodeURIComponent(owner)}/${decodeURIComponent(name)}`),
);

export type ModelParams = { params: Promise<{ owner: string; model: string }> };
