import type { ModelData } from "../model-data.js";
import { isGgufModel, llamaCppModelArgs, sh, shString } from "./common.js";
import type { LocalAppSnippet, SnippetLocalApp } from "./types.js";

/** Tokens to generate in the terminal example. */
const MAX_TOKENS = 512;

function runCommands(model: ModelData, filepath: string | undefined, server: string, cli: string): string {
	const args = llamaCppModelArgs(model, filepath);
	return [
		"# Serve the model behind an OpenAI-compatible API, with a chat page at http://localhost:8080",
		`${server} ${args}`,
		"",
		`# Or continue a prompt right in the terminal (at most ${MAX_TOKENS} new tokens)`,
		`${cli} ${args} -p ${shString("Once upon a time,")} -n ${MAX_TOKENS}`,
	].join("\n");
}

function snippet(model: ModelData, filepath?: string): LocalAppSnippet[] {
	return [
		sh(
			"Install with Homebrew (macOS, Linux)",
			runCommands(model, filepath, "llama-server", "llama-cli"),
			"brew install llama.cpp",
		),
		sh(
			"Install with WinGet (Windows)",
			runCommands(model, filepath, "llama-server", "llama-cli"),
			"winget install llama.cpp",
		),
		sh(
			"Use a prebuilt binary",
			runCommands(model, filepath, "./llama-server", "./llama-cli"),
			"# Unpack the archive for your system from https://github.com/ggml-org/llama.cpp/releases, then run from its folder",
		),
		sh(
			"Build from source",
			runCommands(model, filepath, "./build/bin/llama-server", "./build/bin/llama-cli"),
			[
				"git clone https://github.com/ggml-org/llama.cpp.git",
				"cd llama.cpp",
				"cmake -B build",
				"cmake --build build --config Release -j --target llama-server llama-cli",
			].join("\n"),
		),
		sh(
			"Run with Docker",
			runCommands(
				model,
				filepath,
				"docker run -p 8080:8080 -v ~/.cache/llama.cpp:/root/.cache/llama.cpp ghcr.io/ggml-org/llama.cpp:server --host 0.0.0.0",
				"docker run -it -v ~/.cache/llama.cpp:/root/.cache/llama.cpp ghcr.io/ggml-org/llama.cpp:light",
			),
		),
	];
}

export const llamaCpp = {
	prettyLabel: "llama.cpp",
	docsUrl: "https://github.com/ggerganov/llama.cpp",
	mainTask: "text-generation",
	displayOnModelPage: isGgufModel,
	snippet,
} satisfies SnippetLocalApp;
