/**
 * A model whose widget example holds markup and entities, so its inference
 * snippets do too: the highlighted code block must show them as text, and the
 * copy must be the same characters.
 */
import type { SeedModel } from "@hubkit/hub";

export const SNIPPET_MODEL_ID = "hubkit-test/snippet-markup";
export const SNIPPET_TEXT = "Tom & Jerry <b>bold</b> <img src=x onerror=alert(1)> &amp; more";

export function snippetMarkupModel(): SeedModel {
	return {
		id: SNIPPET_MODEL_ID,
		author: "hubkit-test",
		pipeline_tag: "text-to-image",
		library_name: "diffusers",
		tags: ["diffusers", "text-to-image", "license:mit"],
		downloads: 1,
		likes: 0,
		createdAt: "2025-01-01T00:00:00.000Z",
		lastModified: "2025-01-02T00:00:00.000Z",
		cardData: { license: "mit" },
		widgetData: [{ text: SNIPPET_TEXT }],
		readme: `# ${SNIPPET_MODEL_ID}\n\nA test model whose sample prompt holds markup.\n`,
		files: [],
		inferenceProviderMapping: [
			{ provider: "fal-ai", providerId: "fal-ai/snippet-markup", task: "text-to-image", status: "live" },
		],
	};
}
