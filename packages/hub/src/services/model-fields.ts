/**
 * The keys a model response can carry and which of them `expand` may ask for.
 * Clients send a wider set than the hub stores (reference/hub-api.md §2): the
 * ones we have no data for are accepted and left out, anything else is a 400.
 */
import { badRequest } from "../errors.js";

/** Keys this hub can fill in. */
export const EXPANDABLE_KEYS = [
	"author",
	"baseModels",
	"cardData",
	"childrenModelCount",
	"config",
	"createdAt",
	"disabled",
	"downloads",
	"downloadsAllTime",
	"gated",
	"gguf",
	"inferenceProviderMapping",
	"lastModified",
	"library_name",
	"likes",
	"pipeline_tag",
	"private",
	"safetensors",
	"sha",
	"siblings",
	"spaces",
	"tags",
	"transformersInfo",
	"trendingScore",
	"usedStorage",
	"widgetData",
] as const;

export type ExpandableKey = (typeof EXPANDABLE_KEYS)[number];

/** Keys existing clients may ask for that this hub does not keep; accepted and omitted. */
const KNOWN_UNSTORED_KEYS = new Set([
	"evalResults",
	"gitalyUid",
	"inference",
	"mask_token",
	"model-index",
	"resourceGroup",
	"securityRepoStatus",
	"xetEnabled",
]);

const EXPANDABLE = new Set<string>(EXPANDABLE_KEYS);
const MAX_EXPAND_KEYS = 64;

/** `expand` and `expand[]` values (repeated or comma-joined), checked; undefined when neither was sent. */
export function parseExpand(values: string[]): ExpandableKey[] | undefined {
	if (values.length === 0) return undefined;
	const keys = values.flatMap((value) => value.split(",")).map((key) => key.trim());
	if (keys.length > MAX_EXPAND_KEYS) throw badRequest(`At most ${MAX_EXPAND_KEYS} expand keys`);
	const wanted = new Set<ExpandableKey>();
	for (const key of keys) {
		if (key === "") continue;
		if (EXPANDABLE.has(key)) wanted.add(key as ExpandableKey);
		else if (!KNOWN_UNSTORED_KEYS.has(key)) throw badRequest(`Invalid expand key: ${JSON.stringify(key.slice(0, 64))}`);
	}
	return [...wanted];
}
