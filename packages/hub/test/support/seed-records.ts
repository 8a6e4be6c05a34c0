/** Small, hand-made seed records for tests, plus a cheap generator for volume. */
import type { SeedModel } from "../../src/seed/types.js";

export function seedModel(id: string, overrides: Partial<SeedModel> = {}): SeedModel {
	const author = id.slice(0, id.indexOf("/"));
	return {
		id,
		author,
		pipeline_tag: "text-classification",
		library_name: "transformers",
		tags: ["transformers", "text-classification", "en"],
		downloads: 10,
		likes: 1,
		createdAt: "2024-01-01T00:00:00.000Z",
		lastModified: "2024-06-01T00:00:00.000Z",
		config: { architectures: ["BertForSequenceClassification"], model_type: "bert" },
		readme: `# ${id}\n\nA test model.\n`,
		files: [
			{ path: "config.json", content: '{"model_type":"bert"}\n' },
			{ path: "model.safetensors", size: 440_000_000 },
		],
		inferenceProviderMapping: [],
		...overrides,
	};
}

const TASKS = ["text-classification", "text-generation", "image-classification", "automatic-speech-recognition"];
const LIBRARIES = ["transformers", "diffusers", "timm", "sentence-transformers"];

/** `count` varied records, made lazily (the loader must stream them). */
export function* manyModels(count: number, prefix = "org"): Iterable<SeedModel> {
	for (let index = 0; index < count; index++) {
		const task = TASKS[index % TASKS.length] as string;
		const library = LIBRARIES[index % LIBRARIES.length] as string;
		const day = String(1 + (index % 28)).padStart(2, "0");
		yield {
			id: `${prefix}${index % 7}/model-${index}`,
			author: `${prefix}${index % 7}`,
			pipeline_tag: task,
			library_name: library,
			tags: [library, task, index % 2 === 0 ? "en" : "fr"],
			downloads: (index * 7919) % 10_007,
			likes: (index * 104_729) % 1009,
			createdAt: `2024-02-${day}T00:00:00.000Z`,
			lastModified: `2024-03-${day}T00:00:00.000Z`,
			readme: "# Synthetic model\n",
			files: [
				{ path: "config.json", size: 700 + (index % 5) },
				{ path: "model.safetensors", size: 500_000_000 },
			],
			inferenceProviderMapping:
				index % 3 === 0 ? [{ provider: "together", providerId: `t/${index}`, task, status: "live" }] : [],
		};
	}
}
