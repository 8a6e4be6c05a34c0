#!/usr/bin/env node
/**
 * Inference-snippet benchmark: every record of the fixture set
 * (packages/tasks/test/fixtures/models) × every provider that serves its task, with a mapping entry,
 * Hubkit's getInferenceSnippets against @huggingface/inference's (a dev
 * dependency of bench/ only), default options.
 *
 *   npm run build && node bench/inference-snippets.mjs [--rounds 5] [--seconds 2]
 *
 * Each measurement runs in a fresh child process; implementations alternate
 * round by round so a noisy neighbour hurts both alike; the median round is shown.
 */
import { readdirSync, readFileSync } from "node:fs";
import {
	format,
	headerLine,
	maxRssMiB,
	measureInChild,
	median,
	option,
	ratio,
	report,
	roundOrder,
} from "./lib/harness.mjs";

const fixtures = new URL("../packages/tasks/test/fixtures/models/", import.meta.url);

function loadRecords() {
	return readdirSync(fixtures)
		.filter((name) => name.endsWith(".json"))
		.sort()
		.flatMap((name) => JSON.parse(readFileSync(new URL(name, fixtures), "utf8")));
}

async function loadImplementation(implementation) {
	if (implementation === "hubkit") {
		const module = await import("@hubkit/inference");
		return { getInferenceSnippets: module.getInferenceSnippets, providers: Object.keys(module.PROVIDERS) };
	}
	const module = await import("@huggingface/inference");
	return { getInferenceSnippets: module.snippets.getInferenceSnippets, providers: [...module.INFERENCE_PROVIDERS] };
}

/** Same providers for both: the ones both know. */
async function commonProviders() {
	const [ours, peer] = await Promise.all([loadImplementation("hubkit"), loadImplementation("peer")]);
	return ours.providers.filter((provider) => peer.providers.includes(provider));
}

function chatTask(record) {
	const chat = record.tags?.includes?.("conversational") || record.config?.tokenizer_config?.chat_template;
	return chat && ["text-generation", "image-text-to-text"].includes(record.pipeline_tag)
		? "conversational"
		: record.pipeline_tag;
}

/**
 * The calls a model page makes: each record with the providers that serve its
 * task (a page asks only the providers in the model's mapping).
 */
async function loadWork(providers) {
	const { PROVIDERS } = await import("@hubkit/inference");
	return loadRecords().flatMap((record) =>
		providers
			.filter((provider) => PROVIDERS[provider]?.[chatTask(record)])
			.map((provider) => [
				record,
				provider,
				{
					provider,
					providerId: `${provider}/${record.id}`,
					hfModelId: record.id,
					task: chatTask(record),
					status: "live",
				},
			]),
	);
}

function pass(generate, work) {
	let snippets = 0;
	let errors = 0;
	for (const [record, provider, mapping] of work) {
		try {
			snippets += generate(record, provider, mapping).length;
		} catch {
			errors++;
		}
	}
	return { snippets, errors };
}

async function child(implementation, seconds, providers) {
	const { getInferenceSnippets } = await loadImplementation(implementation);
	const work = await loadWork(providers);
	// The peer logs every provider/task it cannot serve; the bench measures making snippets, not a terminal.
	console.error = () => undefined;
	for (let warm = 0; warm < 3; warm++) pass(getInferenceSnippets, work);
	let snippets = 0;
	let calls = 0;
	let errors = 0;
	const start = process.hrtime.bigint();
	const budget = BigInt(Math.round(seconds * 1e9));
	let elapsed = 0n;
	while (elapsed < budget) {
		const result = pass(getInferenceSnippets, work);
		snippets += result.snippets;
		errors += result.errors;
		calls += work.length;
		elapsed = process.hrtime.bigint() - start;
	}
	const elapsedSeconds = Number(elapsed) / 1e9;
	report({
		implementation,
		pairs: work.length,
		snippetsPerPass: (snippets / calls) * work.length,
		snippetsPerSecond: snippets / elapsedSeconds,
		callsPerSecond: calls / elapsedSeconds,
		errorsPerPass: (errors / calls) * work.length,
		maxRssMiB: maxRssMiB(),
	});
}

const IMPLEMENTATIONS = ["hubkit", "peer"];

async function main() {
	const rounds = option("rounds", 5);
	const seconds = option("seconds", 2);
	const providers = await commonProviders();
	console.log(headerLine("inference snippets"));
	console.log(`rounds: ${rounds} × ${seconds}s each, median shown; ${providers.length} providers`);
	const runs = { hubkit: [], peer: [] };
	for (let round = 0; round < rounds; round++) {
		for (const implementation of roundOrder(IMPLEMENTATIONS, round)) {
			const args = [implementation, String(seconds), providers.join(",")];
			runs[implementation].push(await measureInChild(new URL(import.meta.url).pathname, args));
		}
	}
	const summary = (list) => ({
		pairs: list[0].pairs,
		snippetsPerPass: list[0].snippetsPerPass,
		errorsPerPass: list[0].errorsPerPass,
		snippetsPerSecond: median(list.map((run) => run.snippetsPerSecond)),
		callsPerSecond: median(list.map((run) => run.callsPerSecond)),
		maxRssMiB: median(list.map((run) => run.maxRssMiB)),
	});
	const ours = summary(runs.hubkit);
	const peer = summary(runs.peer);
	console.log(
		"| implementation | record × provider calls | snippets per pass | errors per pass | snippets/s | calls/s | peak RSS |",
	);
	console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
	for (const [name, result] of [
		["@hubkit/inference", ours],
		["@huggingface/inference 4.13.30", peer],
	]) {
		console.log(
			`| ${name} | ${result.pairs} | ${format(result.snippetsPerPass)} | ${format(result.errorsPerPass)} | ${format(result.snippetsPerSecond)} | ${format(result.callsPerSecond)} | ${result.maxRssMiB.toFixed(0)} MiB |`,
		);
	}
	console.log(
		`ratio (hubkit / peer): snippets/s ${ratio(ours.snippetsPerSecond, peer.snippetsPerSecond)}, calls/s ${ratio(ours.callsPerSecond, peer.callsPerSecond)}`,
	);
}

if (process.argv[2] === "--child") {
	await child(process.argv[3], Number(process.argv[4]), process.argv[5].split(","));
} else {
	await main();
}
