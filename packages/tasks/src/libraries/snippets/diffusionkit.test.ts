import { describe, expect, it } from "vitest";
import { snippets } from "./diffusionkit.js";

describe("diffusionkit snippets", () => {
	it("use 4 steps and cfg weight 0 for FLUX models (by id or tag, any case)", () => {
		for (const model of [
			{ id: "argmaxinc/mlx-FLUX.1-schnell" },
			{ id: "org/merge", tags: ["Flux"] },
			{ id: "org/merge", cardData: { tags: ["flux-dev"] } },
		]) {
			const [snippet] = snippets(model);
			expect(snippet.content).toContain("FluxPipeline(");
			expect(snippet.content).toContain("num_steps=4,");
			expect(snippet.content).toContain("cfg_weight=0.0,");
			expect(snippet.content).toContain("latent_size=(64, 64)");
		}
	});

	it("use 50 steps and cfg weight 5 otherwise", () => {
		const [snippet] = snippets({ id: "argmaxinc/mlx-stable-diffusion-3-medium", tags: ["diffusionkit"] });
		expect(snippet.content).toContain("DiffusionPipeline(");
		expect(snippet.content).toContain("num_steps=50,");
		expect(snippet.content).toContain("cfg_weight=5.0,");
		expect(snippet.content).toContain("latent_size=(64, 64)");
		expect(snippet.content).toContain("512x512");
	});
});
