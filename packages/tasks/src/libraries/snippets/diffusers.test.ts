import { describe, expect, it } from "vitest";
import type { ModelData } from "../../model-data.js";
import { snippets } from "./diffusers.js";

const content = (model: ModelData) => snippets(model)[0]?.content ?? "";

describe("diffusers snippets", () => {
	it("loads a plain text-to-image pipeline with the widget prompt", () => {
		const code = content({
			id: "org/sd",
			pipeline_tag: "text-to-image",
			widgetData: [{ text: "A red fox in the snow" }],
		});
		expect(code).toContain(`DiffusionPipeline.from_pretrained("org/sd", torch_dtype=dtype)`);
		expect(code).toContain(`prompt = "A red fox in the snow"`);
	});

	it("falls back to the sample prompt without widget data", () => {
		const code = content({ id: "org/sd", pipeline_tag: "text-to-image" });
		expect(code).toContain(`prompt = "A lighthouse on a rocky cliff at sunset, flat illustration"`);
	});

	it("uses the image-to-image pipeline with an input image", () => {
		const code = content({ id: "org/img2img", pipeline_tag: "image-to-image" });
		expect(code).toContain(`AutoPipelineForImage2Image.from_pretrained("org/img2img"`);
		expect(code).toContain("image=init_image");
		const native = content({
			id: "org/pix2pix",
			pipeline_tag: "image-to-image",
			config: { diffusers: { _class_name: "StableDiffusionInstructPix2PixPipeline" } },
		});
		expect(native).toContain(`DiffusionPipeline.from_pretrained("org/pix2pix"`);
		expect(native).toContain("image=init_image");
	});

	it("loads LoRA weights on the card's base model with the instance prompt", () => {
		const code = content({
			id: "org/lora",
			tags: ["lora"],
			cardData: { base_model: ["org/base", "org/other"], instance_prompt: "in g1 style" },
			widgetData: [{ text: "widget prompt" }],
		});
		expect(code).toContain(`DiffusionPipeline.from_pretrained("org/base", torch_dtype=dtype)`);
		expect(code).toContain(`pipe.load_lora_weights("org/lora")`);
		expect(code).toContain(`prompt = "in g1 style"`);
	});

	it("uses the widget prompt for a LoRA without instance prompt", () => {
		const code = content({
			id: "org/lora",
			cardData: { base_model: "org/base", instance_prompt: null, tags: ["lora"] },
			widgetData: [{ text: "widget prompt" }],
		});
		expect(code).toContain(`pipe.load_lora_weights("org/lora")`);
		expect(code).toContain(`prompt = "widget prompt"`);
	});

	it("quotes author strings", () => {
		const code = content({
			id: 'x"); boom(); ("',
			tags: ["lora"],
			cardData: { base_model: "a\nb", instance_prompt: '"' },
		});
		expect(code).toContain(`pipe.load_lora_weights("x\\"); boom(); (\\"")`);
		expect(code).toContain(`from_pretrained("a\\nb"`);
		expect(code).toContain(`prompt = "\\""`);
	});

	it("always returns a snippet", () => {
		expect(snippets({ id: "org/bare" }).length).toBeGreaterThan(0);
	});
});
