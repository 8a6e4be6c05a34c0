import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { explain, fileNames, pyString, python } from "./common.js";

/** Algorithms of stable-baselines3, by the lower-case name repositories use. */
const ALGORITHMS: Record<string, string> = {
	a2c: "A2C",
	ddpg: "DDPG",
	dqn: "DQN",
	ppo: "PPO",
	sac: "SAC",
	td3: "TD3",
};

/** The algorithm named in the repository name, the checkpoint name or the tags, if any. */
function algorithm(model: ModelData, checkpoint: string | undefined): string | undefined {
	const names = [model.id.split("/").pop() ?? "", checkpoint ?? "", ...(model.tags ?? [])];
	for (const name of names) {
		if (typeof name !== "string") continue;
		for (const token of name.toLowerCase().split(/[^a-z0-9]+/)) {
			const found = ALGORITHMS[token];
			if (found) return found;
		}
	}
	return undefined;
}

/** stable-baselines3: download the agent's .zip checkpoint and load it with its algorithm's class. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const zip = fileNames(model).find((name) => name.endsWith(".zip"));
	const algo = algorithm(model, zip);
	if (!algo) {
		return [explain("Type of model unknown")];
	}
	const filename = zip ?? `${model.id.split("/").pop() ?? model.id}.zip`;
	return [
		python(
			`from huggingface_sb3 import load_from_hub
from stable_baselines3 import ${algo}

checkpoint = load_from_hub(repo_id=${pyString(model.id)}, filename=${pyString(filename)})
model = ${algo}.load(checkpoint)`,
		),
	];
}
