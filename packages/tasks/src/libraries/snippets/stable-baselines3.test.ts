import { describe, expect, it } from "vitest";
import { snippets } from "./stable-baselines3.js";

describe("stable-baselines3 snippets", () => {
	it("load the checkpoint with the algorithm named by the repository", () => {
		const [snippet] = snippets({ id: "sb3/dqn-MountainCar-v0" });
		expect(snippet.content).toContain("from stable_baselines3 import DQN");
		expect(snippet.content).toContain('filename="dqn-MountainCar-v0.zip"');
		expect(snippet.content).toContain("model = DQN.load(checkpoint)");
	});

	it("explain when the algorithm is not recognised", () => {
		expect(snippets({ id: "org/agent", siblings: [{ rfilename: "agent.zip" }] })).toEqual([
			{ language: "python", content: "# Type of model unknown" },
		]);
	});
});
