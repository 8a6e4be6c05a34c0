import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** LeRobot: the policy's config names its type, which picks the policy class. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const id = pyString(model.id);
	return [
		python(
			`from lerobot.configs.policies import PreTrainedConfig
from lerobot.policies.factory import get_policy_class

config = PreTrainedConfig.from_pretrained(${id})
policy = get_policy_class(config.type).from_pretrained(${id})
policy.eval()
# action = policy.select_action(observation)  # observation: a dict of batched tensors from your robot or dataset`,
		),
	];
}
