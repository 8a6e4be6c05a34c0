/**
 * `hubkit gc [--dry-run] [--grace-minutes N]`: reclaims the blobs nothing references
 * (services/gc.ts), safely while hubs serve. Prints one line per blob removed (or, with
 * --dry-run, that would be), the bytes in all and how many of them were Xet xorbs; exits 1 when another gc holds the lock.
 */
import { parseArgs } from "node:util";
import { collectGarbage } from "../services/gc.js";
import { formatBytes } from "../services/quota.js";
import { CommandError, integerFlag, withHub } from "./shared.js";

export async function gcCommand(args: string[]): Promise<void> {
	const { values } = parseArgs({
		args,
		options: { "dry-run": { type: "boolean" }, "grace-minutes": { type: "string" }, data: { type: "string" } },
	});
	const graceMinutes = integerFlag("grace-minutes", values["grace-minutes"], 10_000_000);
	const dryRun = values["dry-run"] ?? false;
	await withHub(values, async (hub) => {
		const report = await collectGarbage(hub.deps, {
			dryRun,
			...(graceMinutes !== undefined ? { graceMs: graceMinutes * 60_000 } : {}),
			onRemove: (blob) => process.stdout.write(`${dryRun ? "would remove" : "removed"} ${blob.sha256} ${blob.size}\n`),
		});
		if (!report.ran) throw new CommandError("Another gc is running on this database: nothing done");
		const verb = dryRun ? "would remove" : "removed";
		process.stdout.write(
			`${verb} ${report.removedCount} blobs, ${report.removedBytes} bytes (${formatBytes(report.removedBytes)}); ` +
				`of them ${report.removedXorbs} Xet xorbs, ${report.removedXorbBytes} bytes; ` +
				`${report.scanned} blobs looked at, ${report.recent} within the grace period` +
				(dryRun ? "\n" : `; ${report.forgottenClaims} uncommitted LFS claims forgotten\n`),
		);
	});
}
