import lande from "lande";
import { describe, expect, it } from "vitest";
import type { CandidateFiles } from "../capability.js";
import { LANDE_LANGUAGES } from "./lande-language.js";
import { packagedTextCapability } from "./text-capability.js";

/** A revision holding one hubkit.json (`content`), or a placeholder of it (`content` undefined). */
function manifestFiles(content: string | undefined): CandidateFiles {
	return {
		async file(path) {
			if (path !== "hubkit.json") return undefined;
			return content === undefined ? { size: 200, real: false } : { size: content.length, real: true };
		},
		async text() {
			return content ?? "";
		},
	};
}

const candidate = (pipelineTag: string, manifest: unknown) => ({
	id: "acme/packaged",
	pipelineTag,
	files: manifestFiles(manifest === undefined ? undefined : JSON.stringify(manifest)),
});

describe("packagedTextCapability", () => {
	it("runs a model whose hubkit.json names a text engine of its pipeline tag, its packages installed", async () => {
		expect(
			await packagedTextCapability(candidate("text-classification", { engine: "wink-sentiment", package: "x" })),
		).toEqual({ ok: true, task: "text-classification" });
		expect(
			await packagedTextCapability(candidate("token-classification", { engine: "compromise-entities", package: "x" })),
		).toEqual({ ok: true, task: "token-classification" });
	});

	it("refuses by name a model whose pipeline tag is not its engine's task", async () => {
		expect(
			await packagedTextCapability(candidate("token-classification", { engine: "lande-language", package: "lande" })),
		).toEqual({
			ok: false,
			reason:
				"Model acme/packaged: its hubkit.json names a text-classification model, but its pipeline tag is token-classification",
		});
	});

	it("refuses a zero-shot model over converted vectors whose repository lacks them", async () => {
		expect(
			await packagedTextCapability(
				candidate("zero-shot-classification", { engine: "static-embeddings-zero-shot", package: "x" }),
			),
		).toEqual({ ok: false, reason: "Model acme/packaged: it has no vocab.txt" });
	});

	it("leaves models that are not packaged text models to the other checks", async () => {
		for (const manifest of [undefined, { engine: "nsfwjs", package: "nsfwjs" }, { engine: "wink-sentiment" }, []]) {
			expect(await packagedTextCapability(candidate("text-classification", manifest)), JSON.stringify(manifest)).toBe(
				undefined,
			);
		}
	});

	it("lists every language lande answers with, as the repository's labels", () => {
		expect([...LANDE_LANGUAGES].sort()).toEqual(
			lande("Hello there")
				.map(([code]) => code)
				.sort(),
		);
	});
});
