/**
 * axe-core in the page under test: its own source is injected (nothing is fetched
 * from outside), and the serious or critical violations come back as lines.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface AxeNode {
	target: unknown[];
	failureSummary?: string;
}
interface AxeViolation {
	id: string;
	impact: string | null;
	help: string;
	nodes: AxeNode[];
}

export async function seriousViolations(page: Page): Promise<string[]> {
	await page.addScriptTag({ content: AXE_SOURCE });
	const violations = await page.evaluate(async () => {
		const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<unknown> } }).axe;
		const results = (await axe.run(document, { resultTypes: ["violations"] })) as { violations: AxeViolation[] };
		return results.violations;
	});
	return violations
		.filter((violation) => violation.impact === "serious" || violation.impact === "critical")
		.flatMap((violation) =>
			violation.nodes.map(
				(node) => `${violation.id} (${violation.impact}): ${violation.help} — ${JSON.stringify(node.target)}`,
			),
		);
}
