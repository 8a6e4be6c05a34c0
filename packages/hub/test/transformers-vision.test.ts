/**
 * The transformers.js vision tasks over real HTTP on 127.0.0.1, called through
 * @hubkit/inference, with models the test writes (support/vision-models.ts) so
 * each answer follows from the picture drawn: the detector's boxes are where
 * the red and blue patches are, depth is brighter where the picture is, the
 * segmenter labels red pixels "red", and the CLIP-style model names a picture's
 * colour. Then the refusals, and what `canRunLocally` says of such models. On
 * SQLite and on PostgreSQL (the runtime reads the model's row and files through
 * the database).
 */

import { canRunLocally } from "@hubkit/runtime";
import type { ModelFile } from "@hubkit/runtime/models";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
// @ts-expect-error: plain JavaScript modules of the demo-asset scripts, without types.
import { Canvas } from "../../../scripts/demo-assets/canvas.mjs";
// @ts-expect-error: as above.
import { encodePNG } from "../../../scripts/demo-assets/png.mjs";
import type { SeedModel } from "../src/seed/types.js";
import { ENGINES } from "./support/engines.js";
import { useLocalHub } from "./support/local-hub.js";
import { runModelSnippets } from "./support/run-snippet.js";
import { seedModel } from "./support/seed-records.js";
import { clipFiles, depthFiles, detectorFiles, segmenterFiles } from "./support/vision-models.js";

const DETECTOR = "acme/tiny-detector";
const DEPTH = "acme/tiny-depth";
const SEGMENTER = "acme/tiny-segmenter";
const CLIP = "acme/tiny-clip";
const NO_PREPROCESSOR = "acme/detector-without-preprocessor";
const NO_TOKENIZER = "acme/clip-without-tokenizer";

type Rgb = [number, number, number];
const WHITE: Rgb = [255, 255, 255];
const RED: Rgb = [240, 10, 10];
const BLUE: Rgb = [20, 40, 230];

/** A rectangle of pixels: x in [x0, x1), y in [y0, y1). */
interface Patch {
	x0: number;
	y0: number;
	x1: number;
	y1: number;
	colour: Rgb;
}

const inside = (patch: Patch, x: number, y: number) => x >= patch.x0 && x < patch.x1 && y >= patch.y0 && y < patch.y1;

/** A PNG (the demo assets' own encoder) of `background` with `patches` painted on it, edges sharp. */
function picture(width: number, height: number, background: Rgb, patches: Patch[] = []): Uint8Array {
	const canvas = new Canvas(width, height, [...background, 1]);
	canvas.map((pixel: number[], x: number, y: number) => {
		const patch = patches.find((candidate) => inside(candidate, x, y));
		return patch ? [...patch.colour, 1] : pixel;
	});
	return new Uint8Array(encodePNG(canvas) as Buffer);
}

const png = (bytes: Uint8Array) => new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "image/png" });

/** A base64 PNG's pixels, one channel. */
async function greyPixels(base64: string): Promise<{ width: number; height: number; pixels: Uint8Array }> {
	const { data, info } = await sharp(Buffer.from(base64, "base64"))
		.extractChannel(0)
		.raw()
		.toBuffer({ resolveWithObject: true });
	return { width: info.width, height: info.height, pixels: new Uint8Array(data) };
}

/** A model the hub maps to hf-inference for its task, as the seed loader would for a runnable one. */
function localModel(id: string, task: string, files: ModelFile[]): SeedModel {
	return seedModel(id, {
		pipeline_tag: task,
		library_name: "transformers.js",
		tags: ["transformers.js", "onnx", task],
		files,
		inferenceProviderMapping: [{ provider: "hf-inference", providerId: id, task, status: "live" }],
	});
}

const without = (files: ModelFile[], path: string) => files.filter((file) => file.path !== path);

const MODELS: SeedModel[] = [
	localModel(DETECTOR, "object-detection", detectorFiles()),
	localModel(DEPTH, "depth-estimation", depthFiles()),
	localModel(SEGMENTER, "image-segmentation", segmenterFiles()),
	{
		...localModel(CLIP, "zero-shot-image-classification", clipFiles()),
		widgetData: [
			{ src: "/assets/demo/zero-shot-image-classification-input.png", candidate_labels: "blue, green, red" },
		],
	},
	// Revisions lacking a file their pipeline needs (no mapping: the router runs them by their tag, and refuses).
	seedModel(NO_PREPROCESSOR, {
		pipeline_tag: "object-detection",
		files: without(detectorFiles(), "preprocessor_config.json"),
	}),
	seedModel(NO_TOKENIZER, {
		pipeline_tag: "zero-shot-image-classification",
		files: without(clipFiles(), "tokenizer.json"),
	}),
];

describe.each(ENGINES)("transformers.js vision tasks on a hub on loopback (%s)", (engine) => {
	const hub = useLocalHub(engine, MODELS, { runtime: { workers: 1 }, snippets: "vision" });

	async function post(model: string, body: unknown, contentType = "application/json") {
		const response = await fetch(`${hub.url}/hf-inference/models/${model}`, {
			method: "POST",
			headers: { "content-type": contentType, authorization: `Bearer ${hub.token}` },
			body: body instanceof Uint8Array ? (body as Uint8Array<ArrayBuffer>) : JSON.stringify(body),
		});
		return { status: response.status, body: (await response.json()) as { error?: string } };
	}

	it("is mapped to hf-inference, live, for each task its files run; a model lacking a file is not", async () => {
		const mappings = async (model: string) => {
			const response = await fetch(`${hub.url}/api/models/${model}?expand[]=inferenceProviderMapping`);
			return ((await response.json()) as { inferenceProviderMapping: Record<string, unknown> })
				.inferenceProviderMapping;
		};
		const tasks: [string, string][] = [
			[DETECTOR, "object-detection"],
			[DEPTH, "depth-estimation"],
			[SEGMENTER, "image-segmentation"],
			[CLIP, "zero-shot-image-classification"],
		];
		for (const [model, task] of tasks) {
			expect(await mappings(model), model).toEqual({
				"hf-inference": expect.objectContaining({ status: "live", task }),
			});
		}
		expect(await mappings(NO_PREPROCESSOR)).toEqual({});
		expect(await mappings(NO_TOKENIZER)).toEqual({});
	});

	it("finds the red and the blue patch, each boxed where it was drawn, in pixels", async () => {
		const red: Patch = { x0: 8, y0: 16, x1: 24, y1: 32, colour: RED };
		const blue: Patch = { x0: 40, y0: 4, x1: 60, y1: 12, colour: BLUE };
		const found = await hub.client.objectDetection({ model: DETECTOR, data: png(picture(64, 48, WHITE, [red, blue])) });
		expect(found.map(({ label, box }) => ({ label, box }))).toEqual([
			{ label: "red", box: { xmin: 8, ymin: 16, xmax: 24, ymax: 32 } },
			{ label: "blue", box: { xmin: 40, ymin: 4, xmax: 60, ymax: 12 } },
		]);
		// Red (R − G = 0.9) on 256 of 3,072 pixels: a logit of 200 × 0.075 = 15 against 1 for "no object" (and 0);
		// blue (B − G = 0.75) on 160: 7.8, so 0.998.
		expect(found[0]?.score).toBeGreaterThan(0.99999);
		expect(found[1]?.score).toBeCloseTo(0.998, 3);

		// The square moved, the box follows; sent as base64 JSON (`inputs: Blob`), with a threshold only red passes.
		const moved: Patch = { x0: 30, y0: 2, x1: 46, y1: 18, colour: RED };
		const strict = await hub.client.objectDetection({
			model: DETECTOR,
			inputs: png(picture(64, 48, WHITE, [moved, blue])),
			parameters: { threshold: 0.999 },
		});
		expect(strict).toEqual([
			{ label: "red", score: expect.any(Number), box: { xmin: 30, ymin: 2, xmax: 46, ymax: 18 } },
		]);

		// Nothing coloured: nothing found.
		expect(await hub.client.objectDetection({ model: DETECTOR, data: png(picture(20, 20, WHITE)) })).toEqual([]);
	});

	it("estimates depth as the picture's brightness: a depth map PNG and the predicted values", async () => {
		// Left third white, middle grey, right black.
		const image = picture(
			30,
			10,
			[0, 0, 0],
			[
				{ x0: 0, y0: 0, x1: 10, y1: 10, colour: WHITE },
				{ x0: 10, y0: 0, x1: 20, y1: 10, colour: [102, 102, 102] },
			],
		);
		const answer = await hub.client.request<{ depth: string; predicted_depth: number[][] }>(
			{ model: DEPTH, data: png(image) },
			{ task: "depth-estimation" },
		);
		expect(answer.predicted_depth).toHaveLength(10);
		for (const row of answer.predicted_depth) {
			expect(row).toHaveLength(30);
			expect(row.map((value) => Math.round(value * 100) / 100)).toEqual([
				...Array(10).fill(1),
				...Array(10).fill(0.4),
				...Array(10).fill(0),
			]);
		}
		const depth = await greyPixels(answer.depth);
		expect([depth.width, depth.height]).toEqual([30, 10]);
		// Scaled so the nearest is 255 and the farthest 0.
		expect([depth.pixels[0], depth.pixels[15], depth.pixels[29]]).toEqual([255, 102, 0]);

		// The same picture as base64 JSON.
		const asJson = await post(DEPTH, { inputs: Buffer.from(image).toString("base64") });
		expect(asJson.status).toBe(200);
		expect(asJson.body).toEqual(answer);
	});

	it("segments a picture: a mask per label present, 255 exactly on that label's pixels", async () => {
		const red: Patch = { x0: 4, y0: 4, x1: 12, y1: 12, colour: RED };
		const blue: Patch = { x0: 24, y0: 6, x1: 36, y1: 14, colour: BLUE };
		const segments = await hub.client.imageSegmentation({
			model: SEGMENTER,
			data: png(picture(40, 20, WHITE, [red, blue])),
		});
		expect(segments.map((segment) => segment.label)).toEqual(["background", "red", "blue"]);
		for (const segment of segments) {
			const mask = await greyPixels(segment.mask);
			expect([mask.width, mask.height]).toEqual([40, 20]);
			for (let y = 0; y < 20; y++) {
				for (let x = 0; x < 40; x++) {
					const label = inside(red, x, y) ? "red" : inside(blue, x, y) ? "blue" : "background";
					expect(mask.pixels[y * 40 + x], `${segment.label} at ${x},${y}`).toBe(label === segment.label ? 255 : 0);
				}
			}
		}
		// Only red on white: no blue mask.
		const onlyRed = await hub.client.imageSegmentation({
			model: SEGMENTER,
			inputs: png(picture(16, 16, WHITE, [red])),
		});
		expect(onlyRed.map((segment) => segment.label)).toEqual(["background", "red"]);
	});

	it("classifies a picture by labels it is given (CLIP-style: image and texts compared)", async () => {
		const ranked = await hub.client.zeroShotImageClassification({
			model: CLIP,
			inputs: png(picture(12, 12, BLUE)),
			parameters: { candidate_labels: ["red", "blue", "dog"] },
		});
		expect(ranked.map((item) => item.label)).toEqual(["blue", "red", "dog"]);
		expect(ranked[0]?.score).toBeGreaterThan(0.99);
		expect(ranked.reduce((sum, item) => sum + item.score, 0)).toBeCloseTo(1, 6);
		const red = await post(CLIP, {
			inputs: Buffer.from(picture(12, 12, RED)).toString("base64"),
			parameters: { candidate_labels: "green, red", hypothesis_template: "a {} photo" },
		});
		expect(red.status).toBe(200);
		expect((red.body as unknown as { label: string }[]).map((item) => item.label)).toEqual(["red", "green"]);
	});

	it("runs each model's js and curl snippets unchanged against the hub, on the demo pictures it serves", async () => {
		// The demo scene (1152×768, drawn at three pixels per unit of its 384×256 design): a red car and roof
		// under a blue sky; the cat picture is warm grey, red before green.
		const [width, height, unit] = [1152, 768, 3];
		const checks: Record<string, (answer: unknown) => void | Promise<void>> = {
			[DETECTOR](answer) {
				const found = answer as { label: string; box: { xmin: number; ymin: number; xmax: number; ymax: number } }[];
				expect(found.map((item) => item.label).sort()).toEqual(["blue", "red"]);
				for (const { box } of found) {
					expect(0 <= box.xmin && box.xmin < box.xmax && box.xmax <= width, JSON.stringify(box)).toBe(true);
					expect(0 <= box.ymin && box.ymin < box.ymax && box.ymax <= height, JSON.stringify(box)).toBe(true);
				}
			},
			async [SEGMENTER](answer) {
				// The sky is not blue enough (B − G under 0.5) to beat the background.
				const segments = answer as { label: string; mask: string }[];
				expect(segments.map((segment) => segment.label)).toEqual(["background", "red"]);
				const red = await greyPixels(segments[1]?.mask ?? "");
				// The car's door is red, the sky above the house is not.
				expect([red.pixels[205 * unit * width + 190 * unit], red.pixels[20 * unit * width + 50 * unit]]).toEqual([
					255, 0,
				]);
			},
			[CLIP](answer) {
				expect((answer as { label: string }[]).map((item) => item.label)).toEqual(["red", "green", "blue"]);
			},
		};
		for (const [model, check] of Object.entries(checks)) {
			for (const { stdout } of await runModelSnippets(hub, model)) {
				await check(JSON.parse(stdout));
			}
		}
	});

	it("refuses what is not an image, bad parameters and models lacking a file, with a 400 that says why", async () => {
		const notImage = Buffer.from("not a picture");
		const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
		const image = picture(8, 8, RED);
		const cases: [Awaited<ReturnType<typeof post>>, RegExp][] = [
			[await post(DETECTOR, new Uint8Array(notImage), "image/png"), /^The request body is not an image/],
			[await post(DEPTH, { inputs: base64(notImage) }), /^The request body is not an image/],
			[await post(SEGMENTER, new Uint8Array(notImage), "image/jpeg"), /^The request body is not an image/],
			[
				await post(CLIP, { inputs: base64(notImage), parameters: { candidate_labels: ["red"] } }),
				/^The request body is not an image/,
			],
			[await post(DETECTOR, { inputs: "https://example.com/cat.png" }), /fetches nothing/],
			[await post(DETECTOR, { parameters: {} }), /Send an image as the request body/],
			[await post(DETECTOR, { inputs: base64(image), parameters: { threshold: 2 } }), /`parameters.threshold`/],
			[await post(SEGMENTER, { inputs: base64(image), parameters: { subtask: "panoptic" } }), /semantic/],
			[await post(CLIP, { inputs: base64(image), parameters: {} }), /`parameters.candidate_labels`/],
			[await post(CLIP, new Uint8Array(image), "image/png"), /`parameters.candidate_labels`/],
			[
				await post(CLIP, {
					inputs: base64(image),
					parameters: { candidate_labels: ["red"], hypothesis_template: "x" },
				}),
				/hypothesis_template/,
			],
			[
				await post(NO_PREPROCESSOR, { inputs: base64(image) }),
				/^Model acme\/detector-without-preprocessor has no preprocessor_config\.json$/,
			],
			[
				await post(NO_TOKENIZER, { inputs: base64(image), parameters: { candidate_labels: ["red"] } }),
				/^Model acme\/clip-without-tokenizer has no tokenizer\.json$/,
			],
		];
		for (const [answer, message] of cases) {
			expect(answer.status, String(message)).toBe(400);
			expect(answer.body.error, String(message)).toMatch(message);
		}
		// Still serving.
		expect((await hub.client.objectDetection({ model: DETECTOR, data: png(image) }))[0]?.label).toBe("red");
	});
});

/** A revision's files as `canRunLocally` sees them (all real). */
function candidate(id: string, pipelineTag: string, files: ModelFile[]) {
	const find = (path: string) => files.find((file) => file.path === path);
	const bytes = (file: ModelFile) =>
		typeof file.content === "string" ? new TextEncoder().encode(file.content) : file.content;
	return {
		id,
		pipelineTag,
		files: {
			async file(path: string) {
				const file = find(path);
				return file ? { size: bytes(file).byteLength, real: true } : undefined;
			},
			async text(path: string) {
				const file = find(path);
				return file ? new TextDecoder().decode(bytes(file)) : "";
			},
		},
	};
}

const replaced = (files: ModelFile[], path: string, content: unknown): ModelFile[] => [
	...without(files, path),
	{ path, content: JSON.stringify(content) },
];

describe("canRunLocally for vision models", () => {
	it("says yes to each model the vision engines load", async () => {
		const models: [string, ModelFile[]][] = [
			["object-detection", detectorFiles()],
			["depth-estimation", depthFiles()],
			["image-segmentation", segmenterFiles()],
			["zero-shot-image-classification", clipFiles()],
		];
		for (const [task, files] of models) {
			expect(await canRunLocally(candidate("acme/model", task, files)), task).toEqual({ ok: true, task });
		}
	});

	it("says no, and why, when a file the engine needs is missing or does not fit the task", async () => {
		const cases: [string, ModelFile[], string][] = [
			["object-detection", without(detectorFiles(), "preprocessor_config.json"), "it has no preprocessor_config.json"],
			[
				"depth-estimation",
				replaced(depthFiles(), "preprocessor_config.json", { do_resize: false }),
				"preprocessor_config.json names no image_processor_type (or feature_extractor_type)",
			],
			[
				"object-detection",
				replaced(detectorFiles(), "config.json", { architectures: ["DetrForObjectDetection"], model_type: "detr" }),
				"config.json has no id2label",
			],
			[
				"object-detection",
				segmenterFiles(),
				"it is a SegformerForSemanticSegmentation: it does not do object-detection",
			],
			["zero-shot-image-classification", without(clipFiles(), "tokenizer.json"), "it has no tokenizer.json"],
		];
		for (const [task, files, reason] of cases) {
			expect(await canRunLocally(candidate("acme/model", task, files)), reason).toEqual({
				ok: false,
				reason: `Model acme/model: ${reason}`,
			});
		}
	});
});
