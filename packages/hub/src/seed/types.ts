/**
 * The shape a model takes before it goes into the database: what `hubkit seed`
 * loads, for the hand-written sample catalogue and for synthetic load-test data.
 * Field names follow the hub API (`pipeline_tag`, `library_name`, …) so a record
 * reads the same here as in a response.
 */
import type { ProviderMapping } from "../services/provider-mapping.js";

export interface SeedFile {
	/** Repository path, `/`-separated, no leading slash. */
	path: string;
	/** Bytes to store. When absent, the loader writes a small placeholder of `size` bytes. */
	content?: string | Uint8Array;
	/** Size the file claims in listings when `content` is absent (placeholder files). */
	size?: number;
}

/** A seed record's provider mapping: the hub's own shape (services/provider-mapping.ts). */
export type SeedProviderMapping = ProviderMapping;

export interface SeedModel {
	/** `author/name`. */
	id: string;
	author: string;
	pipeline_tag?: string;
	library_name?: string;
	tags: string[];
	private?: boolean;
	gated?: false | "auto" | "manual";
	/** Sample numbers, labelled as such in the README and the seed output. */
	downloads: number;
	likes: number;
	/** ISO 8601. */
	createdAt: string;
	lastModified: string;
	config?: Record<string, unknown>;
	cardData?: Record<string, unknown>;
	widgetData?: Record<string, unknown>[];
	transformersInfo?: Record<string, unknown>;
	/** The model card, written to README.md in the repository. */
	readme: string;
	files: SeedFile[];
	/** In preference order: the first entry is what the `auto` policy picks. */
	inferenceProviderMapping: SeedProviderMapping[];
}
