/**
 * The model card (README.md): YAML front matter with the card metadata, then a
 * title, the record's own few sentences, a line of facts, and a note that the
 * counts are sample numbers.
 */
import { PIPELINE_DATA } from "@hubkit/tasks";
import type { Spec } from "./spec.js";
import { isPlainObject } from "./values.js";

const PLAIN = /^[A-Za-z0-9][A-Za-z0-9 ._/()+-]*$/;
const RESERVED = /^(true|false|yes|no|on|off|null|~|[-+]?[\d.]+(e[-+]?\d+)?)$/i;

function scalar(value: unknown): string {
	if (typeof value === "string") return PLAIN.test(value) && !RESERVED.test(value) ? value : JSON.stringify(value);
	if (value === null || value === undefined) return "null";
	return String(value);
}

/** A small YAML writer for card metadata: scalars, lists and maps, block style. */
export function toYaml(value: Record<string, unknown>, indent = ""): string {
	const lines: string[] = [];
	for (const [key, item] of Object.entries(value)) {
		if (item === undefined) continue;
		if (Array.isArray(item)) {
			if (item.length === 0) {
				lines.push(`${indent}${key}: []`);
				continue;
			}
			lines.push(`${indent}${key}:`);
			for (const element of item) {
				if (isPlainObject(element)) {
					const block = toYaml(element, `${indent}  `);
					lines.push(`${indent}- ${block.slice(indent.length + 2)}`);
				} else if (Array.isArray(element)) {
					lines.push(`${indent}- ${JSON.stringify(element)}`);
				} else {
					lines.push(`${indent}- ${scalar(element)}`);
				}
			}
		} else if (isPlainObject(item)) {
			lines.push(`${indent}${key}:`);
			lines.push(toYaml(item, `${indent}  `));
		} else {
			lines.push(`${indent}${key}: ${scalar(item)}`);
		}
	}
	return lines.join("\n");
}

/** The card's line for a record whose files are placeholders: said first, in plain words. */
export const PLACEHOLDER_LINE =
	"**Placeholder files.** This sample repository lists the real model's files by name and size, but most of them, the weights included, hold filler bytes: it cannot be run, on this hub or anywhere else. It is here to show the model's page, files and usage snippets.";

export function readmeOf(spec: Spec, cardData: Record<string, unknown>, placeholder: boolean): string {
	const name = spec.id.slice(spec.id.indexOf("/") + 1);
	const task = PIPELINE_DATA[spec.task].name.toLowerCase();
	return [
		"---",
		toYaml(cardData),
		"---",
		"",
		`# ${name}`,
		"",
		...(placeholder ? [PLACEHOLDER_LINE, ""] : []),
		spec.card.trim(),
		"",
		`Task: ${task}${spec.library ? ` · Library: ${spec.library}` : ""} · License: ${spec.license}`,
		"",
		"_Sample catalogue entry: the download and like counts shown for it on this hub are sample numbers._",
		"",
	].join("\n");
}
