import type { ModelData } from "../model-data.js";
import { isLocalAgentModel, LOCAL_SERVER_URL, localServerSnippet, modelId, sh, shString } from "./common.js";
import type { LocalAppSnippet, SnippetLocalApp } from "./types.js";

function snippet(model: ModelData, filepath?: string): LocalAppSnippet[] {
	return [
		localServerSnippet(model, filepath),
		sh("Install Hermes Agent", "curl -fsSL https://hermes-agent.nousresearch.com/install.sh | bash"),
		sh(
			"Use the server as a custom endpoint and start Hermes",
			[
				"hermes config set model.provider custom",
				`hermes config set model.base_url ${LOCAL_SERVER_URL}`,
				`hermes config set model.default ${shString(modelId(model))}`,
				"",
				"hermes",
			].join("\n"),
		),
	];
}

export const hermesAgent = {
	prettyLabel: "Hermes Agent",
	docsUrl: "https://hermes-agent.nousresearch.com/",
	mainTask: "text-generation",
	displayOnModelPage: isLocalAgentModel,
	snippet,
} satisfies SnippetLocalApp;
