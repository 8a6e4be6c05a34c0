/** Pieces the three languages share: method names, output file names, the token inside header values. */
import type { InferenceTask } from "../types.js";
import type { SnippetPlan } from "./plan.js";

/** A header value split around the token placeholder: `prefix` + token + `suffix`, or undefined without one. */
export function splitToken(value: string, plan: SnippetPlan): { prefix: string; suffix: string } | undefined {
	if ("literal" in plan.token) return undefined;
	const at = value.indexOf(plan.tokenPlaceholder);
	if (at < 0) return undefined;
	return { prefix: value.slice(0, at), suffix: value.slice(at + plan.tokenPlaceholder.length) };
}

/** Header words and schemes ("Bearer ", "Key ") that can sit inside any quotes unescaped. */
export const PLAIN_TEXT = /^[A-Za-z0-9 _.:-]*$/;

const camelNames = new Map<string, string>();

/** `text-to-image` → `textToImage` (tasks are few: remembered). */
export function camelCase(task: string): string {
	let name = camelNames.get(task);
	if (name === undefined) {
		name = task.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
		camelNames.set(task, name);
	}
	return name;
}

/** Where a file result is written: named after what it is. */
export function outputFileName(task: InferenceTask): string {
	if (task.endsWith("-video")) return "output.mp4";
	if (task === "text-to-speech" || task === "text-to-audio") return "output.wav";
	return "output.png";
}

/** The OpenAI-style base URL of a chat route, or undefined when the route is not one. */
export function openAIBaseUrl(plan: SnippetPlan): string | undefined {
	const raw = plan.raw;
	if (plan.task !== "conversational" || !raw?.payload || typeof raw.payload.model !== "string") return undefined;
	if (!raw.url.endsWith("/chat/completions")) return undefined;
	const auth = raw.headers.Authorization;
	if (auth !== undefined && !auth.startsWith("Bearer ")) return undefined;
	return raw.url.slice(0, -"/chat/completions".length);
}

/** The chat parameters the high-level clients take besides the model. */
export function chatParameters(plan: SnippetPlan): [string, unknown][] {
	return Object.entries(plan.args).filter(([, value]) => value !== undefined);
}
