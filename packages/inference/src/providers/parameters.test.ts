/**
 * Every provider × task: the task's arguments, in the task's own parameter
 * names, and the body the provider's route must receive (the table is data:
 * test/fixtures/parameter-mapping.json). A parameter passed on under a name the
 * route does not know is silently ignored there, so each mapping is checked.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { InferenceTask } from "../types.js";
import { PROVIDERS } from "./index.js";

interface Table {
	args: Record<string, Record<string, unknown>>;
	bodies: Record<string, Record<string, unknown>>;
}

const table: Table = JSON.parse(
	readFileSync(new URL("../../test/fixtures/parameter-mapping.json", import.meta.url), "utf8"),
);

/** Small files the table names as `$png` and `$wav`. */
const FILES: Record<string, () => Blob> = {
	$png: () => new Blob([new Uint8Array([137, 80, 78, 71])], { type: "image/png" }),
	$wav: () => new Blob([new Uint8Array([82, 73, 70, 70])], { type: "audio/wav" }),
};

function withFiles(value: unknown): unknown {
	if (typeof value === "string" && FILES[value]) return FILES[value]();
	if (Array.isArray(value)) return value.map(withFiles);
	if (value && typeof value === "object") {
		return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withFiles(item)]));
	}
	return value;
}

/** A multipart body as the table writes it: fields by name, files as `$file:<type>`. */
function formFields(form: FormData): Record<string, string> {
	const fields: Record<string, string> = {};
	for (const [name, value] of form.entries()) fields[name] = typeof value === "string" ? value : `$file:${value.type}`;
	return fields;
}

const pairs = Object.entries(PROVIDERS).flatMap(([provider, helpers]) =>
	Object.keys(helpers).map((task) => `${provider}/${task}`),
);

describe("parameter mapping", () => {
	it("has a row for every provider × task, and none for a pair that does not exist", () => {
		expect(Object.keys(table.bodies).sort()).toEqual([...pairs].sort());
	});

	it.each(pairs)("%s", async (pair) => {
		const [provider, task] = pair.split("/") as [keyof typeof PROVIDERS, InferenceTask];
		const helper = PROVIDERS[provider][task];
		const taskArgs = table.args[task];
		if (!helper || !taskArgs) throw new Error(`no helper or no arguments for ${pair}`);
		const args = { accessToken: "hf_x", model: "hub/model", provider, ...(withFiles(taskArgs) as object) };
		const body = await helper.makeBody({ args, model: "prov/model", mapping: undefined, task, hubUrl: "https://hub" });
		const sent = body instanceof FormData ? { $form: formFields(body) } : JSON.parse(String(body));
		expect(sent).toEqual(table.bodies[pair]);
	});
});
