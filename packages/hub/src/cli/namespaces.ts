/**
 * `hubkit namespaces`: a site admin's side of contested names (services/namespace-conflicts.ts).
 * `list` shows what is left to decide (`--all`: decided too); `grant NAME ACCOUNT` hands the
 * namespace to the account; `keep NAME [--rename-account NEW]` leaves it to the site.
 */
import { parseArgs } from "node:util";
import {
	grantNamespace,
	keepNamespace,
	listNamespaceConflicts,
	type NamespaceConflict,
} from "../services/namespace-conflicts.js";
import { printable, table, UsageError, withHub } from "./shared.js";

export const NAMESPACES_HELP = `Usage:
  hubkit namespaces [list] [--all] [--data .hubkit]
  hubkit namespaces grant NAME ACCOUNT [--data .hubkit]
  hubkit namespaces keep NAME [--rename-account NEW] [--data .hubkit]

Names two parties could claim: an account that signed up under a namespace the hub's own
repositories use (seeded, imported, mirrored), or names that differ only in case. Until a site
admin decides, nobody but site admins writes in the namespace.
  list     the undecided conflicts (--all: decided ones too)
  grant    the account spelled exactly like the namespace gets it and owns its repositories
  keep     the site keeps the namespace (an organisation of the site, with no members); an
           account spelled exactly like it must take another name: --rename-account NEW

  --data DIR   the data directory (default .hubkit, or HUBKIT_DATA_DIR); DATABASE_URL selects PostgreSQL`;

function conflictRows(conflicts: NamespaceConflict[]): string[][] {
	return conflicts.map((conflict) =>
		[
			conflict.name,
			conflict.namespaces.join(","),
			conflict.accounts.join(",") || "-",
			conflict.decision === null
				? "undecided"
				: `${conflict.decision}${conflict.decidedFor ? ` ${conflict.decidedFor}` : ""}`,
			conflict.reason,
		].map(printable),
	);
}

export async function namespacesCommand(args: string[]): Promise<void> {
	const { values, positionals } = parseArgs({
		args,
		allowPositionals: true,
		options: { all: { type: "boolean" }, "rename-account": { type: "string" }, data: { type: "string" } },
	});
	const [action = "list", name, account, ...extra] = positionals;
	if (extra.length > 0) throw new UsageError(`Unexpected arguments: ${extra.join(" ")}`);
	await withHub(values, async (hub) => {
		if (action === "list") {
			const conflicts = await listNamespaceConflicts(hub.deps.db, { all: values.all });
			if (conflicts.length === 0) {
				process.stderr.write(values.all ? "No conflicts recorded.\n" : "No conflicts to decide.\n");
				return;
			}
			process.stdout.write(table(["NAME", "NAMESPACES", "ACCOUNTS", "DECISION", "REASON"], conflictRows(conflicts)));
			return;
		}
		if (!name) throw new UsageError(`hubkit namespaces ${action} needs the name`);
		if (action === "grant") {
			if (!account) throw new UsageError("hubkit namespaces grant NAME ACCOUNT: which account gets it?");
			await grantNamespace(hub.deps.db, name, account, null);
			process.stderr.write(`Granted ${name} to ${account}.\n`);
			return;
		}
		if (action === "keep") {
			if (account) throw new UsageError(`Unexpected argument: ${account}`);
			const renameAccount = values["rename-account"];
			await keepNamespace(hub.deps.db, name, { renameAccount, decidedBy: null });
			process.stderr.write(
				`The site keeps ${name}${renameAccount ? `; the account is now named ${renameAccount}` : ""}.\n`,
			);
			return;
		}
		throw new UsageError(`Unknown action: hubkit namespaces ${action} (list, grant or keep)`);
	});
}
