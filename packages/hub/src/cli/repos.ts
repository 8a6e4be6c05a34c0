/**
 * `hubkit check`, `hubkit import` and `hubkit mirror`: an operator's commands for
 * what the hub holds. They open the data directory directly, like `hubkit seed`,
 * so they work with the server stopped or running beside them.
 */
import { parseArgs } from "node:util";
import { checkIntegrity } from "../services/integrity.js";
import { CommandError, withHub } from "./shared.js";

export async function checkCommand(args: string[]): Promise<void> {
	const { values } = parseArgs({ args, options: { deep: { type: "boolean" }, data: { type: "string" } } });
	await withHub(values, async (hub) => {
		const report = await checkIntegrity(hub.deps, { deep: values.deep });
		for (const problem of report.problems) process.stdout.write(`${problem}\n`);
		const summary = `${report.repositories} repositories, ${report.commits} commits, ${report.blobs} referenced blobs${values.deep ? " (re-hashed)" : ""}`;
		if (report.problems.length > 0) throw new CommandError(`${report.problems.length} problems in ${summary}`);
		process.stderr.write(`OK: ${summary}\n`);
	});
}
