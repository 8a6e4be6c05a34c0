#!/usr/bin/env node
/**
 * `hubkit-tasks`: prints the task catalogue in a terminal.
 *   hubkit-tasks            every pipeline tag, grouped by modality
 *   hubkit-tasks <tag>      one task page
 *   hubkit-tasks --json     the whole catalogue as JSON
 */
import { MODALITIES, MODALITY_LABELS, PIPELINE_DATA, PIPELINE_TYPES } from "./pipelines.js";
import { getTaskData, TASKS_DATA } from "./tasks/index.js";
import type { DemoEntry, TaskData } from "./tasks/types.js";

function listCatalogue(): string {
	const lines: string[] = [];
	const pages = Object.values(TASKS_DATA).filter((task) => task && !task.isPlaceholder).length;
	lines.push(`Hubkit task catalogue: ${PIPELINE_TYPES.length} pipeline tags, ${pages} task pages`);
	for (const modality of MODALITIES) {
		lines.push("", `${MODALITY_LABELS[modality]}`);
		for (const tag of PIPELINE_TYPES.filter((type) => PIPELINE_DATA[type].modality === modality)) {
			const task = TASKS_DATA[tag];
			const mark = !task ? "  (no page)" : task.isPlaceholder ? "  (placeholder)" : "";
			lines.push(`  ${tag.padEnd(32)} ${PIPELINE_DATA[tag].name}${mark}`);
		}
	}
	lines.push("", "Run `hubkit-tasks <tag>` for one task's page.");
	return lines.join("\n");
}

function describeDemo(entry: DemoEntry): string {
	switch (entry.type) {
		case "text":
			return `${entry.label}: ${entry.content}`;
		case "img":
		case "audio":
			return `[${entry.type}] ${entry.filename}`;
		case "chart":
			return entry.data.map((bar) => `${bar.label} ${(bar.score * 100).toFixed(1)}%`).join(", ");
		case "tabular":
			return entry.data.map((row) => row.join(" | ")).join("\n    ");
		case "text-with-tokens":
			return `${entry.text}\n    ${entry.tokens.map((token) => `${entry.text.slice(token.start, token.end)}=${token.type}`).join(", ")}`;
	}
}

function showTask(task: TaskData): string {
	const section = (title: string, items: { id: string; description: string }[]) =>
		items.length ? [``, title, ...items.map((item) => `  ${item.id} — ${item.description}`)] : [];
	return [
		`${task.label} (${task.id})`,
		task.isPlaceholder ? "This task has no page content yet." : task.summary,
		...(task.canonicalId ? [`See also: ${task.canonicalId}`] : []),
		`Libraries: ${task.libraries.join(", ") || "none"}`,
		...section("Models", task.models),
		...section("Datasets", task.datasets),
		...section("Metrics", task.metrics),
		...section("Apps", task.spaces),
		...(task.demo.inputs.length ? ["", "Demo input:", ...task.demo.inputs.map((e) => `  ${describeDemo(e)}`)] : []),
		...(task.demo.outputs.length ? ["Demo output:", ...task.demo.outputs.map((e) => `  ${describeDemo(e)}`)] : []),
	].join("\n");
}

const [argument] = process.argv.slice(2);
if (!argument) {
	console.log(listCatalogue());
} else if (argument === "--json") {
	console.log(JSON.stringify({ pipelines: PIPELINE_DATA, tasks: TASKS_DATA }, null, 2));
} else {
	const task = getTaskData(argument);
	if (!task) {
		console.error(`Unknown task "${argument}", or it has no page. Run hubkit-tasks to list them.`);
		process.exitCode = 1;
	} else {
		console.log(showTask(task));
	}
}
