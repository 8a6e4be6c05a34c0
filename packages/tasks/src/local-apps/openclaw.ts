import type { ModelData } from "../model-data.js";
import { isLocalAgentModel, LOCAL_SERVER_URL, localServerSnippet, modelId, sh, shString } from "./common.js";
import type { LocalAppSnippet, SnippetLocalApp } from "./types.js";

function snippet(model: ModelData, filepath?: string): LocalAppSnippet[] {
	return [
		localServerSnippet(model, filepath),
		sh("Install OpenClaw", "npm install -g openclaw@latest"),
		sh(
			"Add the server as a custom provider and chat",
			[
				'# Registers the local server as provider "local" and makes the model the default',
				"openclaw onboard --non-interactive --accept-risk --install-daemon \\",
				"  --auth-choice custom-api-key --custom-provider-id local \\",
				`  --custom-base-url ${LOCAL_SERVER_URL} --custom-compatibility openai \\`,
				`  --custom-model-id ${shString(modelId(model))}`,
				"",
				"# Chat with the agent in the terminal",
				"openclaw tui",
			].join("\n"),
		),
	];
}

export const openclaw = {
	prettyLabel: "OpenClaw",
	docsUrl: "https://github.com/openclaw/openclaw",
	mainTask: "text-generation",
	displayOnModelPage: isLocalAgentModel,
	snippet,
} satisfies SnippetLocalApp;
