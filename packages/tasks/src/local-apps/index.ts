/**
 * The local-apps catalogue: apps that run a hub model on the reader's own
 * machine, either through a link that opens the app (deeplink) or through
 * commands to paste in a terminal (snippet).
 */
import { atomicChat } from "./atomic-chat.js";
import { backyard } from "./backyard.js";
import { diffusionbee } from "./diffusionbee.js";
import { dockerModelRunner } from "./docker-model-runner.js";
import { drawthings } from "./drawthings.js";
import { hermesAgent } from "./hermes-agent.js";
import { jan } from "./jan.js";
import { jellybox } from "./jellybox.js";
import { joyfusion } from "./joyfusion.js";
import { lemonade } from "./lemonade.js";
import { llamaCpp } from "./llama-cpp.js";
import { lmstudio } from "./lmstudio.js";
import { localai } from "./localai.js";
import { mlxLm } from "./mlx-lm.js";
import { msty } from "./msty.js";
import { nodeLlamaCpp } from "./node-llama-cpp.js";
import { ollama } from "./ollama.js";
import { openclaw } from "./openclaw.js";
import { pi } from "./pi.js";
import { recursechat } from "./recursechat.js";
import { sglang } from "./sglang.js";
import { tgi } from "./tgi.js";
import type { LocalApp } from "./types.js";
import { unsloth } from "./unsloth.js";
import { vllm } from "./vllm.js";

export { DEFAULT_QUANT, pickGgufFile } from "./common.js";
export type { DeeplinkLocalApp, LocalApp, LocalAppSnippet, SnippetLocalApp } from "./types.js";
export { isDeeplinkApp } from "./types.js";

export const LOCAL_APPS = {
	"llama.cpp": llamaCpp,
	"node-llama-cpp": nodeLlamaCpp,
	vllm,
	sglang,
	"mlx-lm": mlxLm,
	tgi,
	lmstudio,
	localai,
	jan,
	"atomic-chat": atomicChat,
	backyard,
	jellybox,
	msty,
	recursechat,
	drawthings,
	diffusionbee,
	joyfusion,
	ollama,
	unsloth,
	"docker-model-runner": dockerModelRunner,
	lemonade,
	pi,
	"hermes-agent": hermesAgent,
	openclaw,
} satisfies Record<string, LocalApp>;

export type LocalAppKey = keyof typeof LOCAL_APPS;

/** The app keys, in catalogue order. */
export const LOCAL_APP_KEYS = Object.keys(LOCAL_APPS) as LocalAppKey[];
