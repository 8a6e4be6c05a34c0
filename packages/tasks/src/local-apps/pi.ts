import type { ModelData } from "../model-data.js";
import { isLocalAgentModel, LOCAL_SERVER_URL, localServerSnippet, modelId, sh, shJson, shString } from "./common.js";
import type { LocalAppSnippet, SnippetLocalApp } from "./types.js";

function snippet(model: ModelData, filepath?: string): LocalAppSnippet[] {
	const id = modelId(model);
	// Pi reads custom providers from ~/.pi/agent/models.json; local servers need no key, but one must be set.
	const config = {
		providers: {
			local: { baseUrl: LOCAL_SERVER_URL, api: "openai-completions", apiKey: "none", models: [{ id }] },
		},
	};
	return [
		localServerSnippet(model, filepath),
		sh("Install Pi", "npm install -g --ignore-scripts @earendil-works/pi-coding-agent"),
		sh(
			"Add the server as a provider and start Pi",
			[
				"mkdir -p ~/.pi/agent",
				"# Keeps a copy of an existing models.json: merge the two by hand if you had other providers",
				"cp ~/.pi/agent/models.json ~/.pi/agent/models.json.bak 2>/dev/null || true",
				`printf '%s\\n' ${shJson(config)} > ~/.pi/agent/models.json`,
				"",
				"# Start the agent in your project folder",
				`pi --provider local --model ${shString(id)}`,
			].join("\n"),
		),
	];
}

export const pi = {
	prettyLabel: "Pi",
	docsUrl: "https://github.com/earendil-works/pi",
	mainTask: "text-generation",
	displayOnModelPage: isLocalAgentModel,
	snippet,
} satisfies SnippetLocalApp;
