/**
 * Reads the sample catalogue's data files (data/*.json, in name order) and
 * checks every record against the schema (spec.ts). Anything wrong — bad JSON,
 * an unknown field, a wrong type, an id used twice — stops the seed with the
 * file, the record and the field's path, so a typo never becomes a quietly
 * different catalogue.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { z } from "zod";
import { type Spec, specFileSchema } from "./spec.js";

/**
 * The data files live in src/ and nowhere else: the package ships src/ beside dist/, and
 * three levels up is the package root from src/seed/catalogue/ and dist/seed/catalogue/ alike.
 */
export const CATALOGUE_DATA = new URL("../../../src/seed/catalogue/data/", import.meta.url);

export class CatalogueDataError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "CatalogueDataError";
	}
}

/** `models[3] (acme/model).providers[0]`: the issue's path, naming the record it is in. */
function where(path: PropertyKey[], raw: unknown): string {
	let text = "";
	let value: unknown = raw;
	path.forEach((key, index) => {
		text += typeof key === "number" ? `[${key}]` : `${index === 0 ? "" : "."}${String(key)}`;
		value = (value as Record<PropertyKey, unknown> | undefined)?.[key];
		const id = (value as { id?: unknown } | undefined)?.id;
		if (index === 1 && path[0] === "models" && typeof id === "string") text += ` (${id})`;
	});
	return text || "(the whole file)";
}

function describeIssues(file: string, issues: z.core.$ZodIssue[], raw: unknown): string {
	const lines = issues.slice(0, 5).map((issue) => `  ${where(issue.path, raw)}: ${issue.message}`);
	if (issues.length > 5) lines.push(`  … and ${issues.length - 5} more`);
	return `Sample catalogue file ${file} is not valid:\n${lines.join("\n")}`;
}

/** Every record of every data file in `folder`, checked; a CatalogueDataError naming the file otherwise. */
export function readSpecs(folder: URL = CATALOGUE_DATA): Spec[] {
	const names = readdirSync(folder)
		.filter((name) => name.endsWith(".json"))
		.sort();
	const specs: Spec[] = [];
	const fileOf = new Map<string, string>();
	for (const name of names) {
		const file = fileURLToPath(new URL(name, folder));
		let raw: unknown;
		try {
			raw = JSON.parse(readFileSync(file, "utf8"));
		} catch (error) {
			throw new CatalogueDataError(`Sample catalogue file ${file} is not JSON: ${(error as Error).message}`);
		}
		const parsed = specFileSchema.safeParse(raw);
		if (!parsed.success) throw new CatalogueDataError(describeIssues(file, parsed.error.issues, raw));
		for (const spec of parsed.data.models) {
			const earlier = fileOf.get(spec.id);
			if (earlier !== undefined) {
				throw new CatalogueDataError(`Sample catalogue file ${file}: ${spec.id} is already a record in ${earlier}`);
			}
			fileOf.set(spec.id, file);
			specs.push(spec as Spec);
		}
	}
	return specs;
}
