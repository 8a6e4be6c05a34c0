#!/usr/bin/env node
/**
 * `hubkit`: run and fill the hub.
 *   hubkit serve [--port 8787] [--host 127.0.0.1] [--data .hubkit]
 *   hubkit seed [--synthetic N] [--seed S] [--data .hubkit]
 *   hubkit token create --user NAME [--role read|write] [--name LABEL] [--data .hubkit]
 *   hubkit token list --user NAME [--data .hubkit]
 *   hubkit token revoke ID [--data .hubkit]
 *   hubkit user create NAME --email E --password-stdin [--admin] [--data .hubkit]
 *   hubkit user list | disable NAME | reset-password NAME --password-stdin [--data .hubkit]
 *   hubkit oauth-app create --name N --redirect-uri URL [--redirect-uri URL …] [--public] [--data .hubkit]
 *   hubkit oauth-app list | delete CLIENT_ID [--data .hubkit]
 *   hubkit import PATH --repo owner/name [--type model|dataset] [--private] [--message M] [--data .hubkit]
 *   hubkit mirror owner/name --from URL [--revision R] [--include GLOB]… [--exclude GLOB]… [--type model|dataset] [--to owner/name] [--data .hubkit]
 *   hubkit check [--deep] [--data .hubkit]
 *   hubkit gc [--dry-run] [--grace-minutes N] [--data .hubkit]
 *   hubkit user show NAME [--data .hubkit]
 *   hubkit namespaces [list|grant NAME ACCOUNT|keep NAME] [--data .hubkit]
 *   hubkit --version; hubkit <command> --help (cli/help.ts)
 * DATABASE_URL=postgres://… selects PostgreSQL; it is never printed.
 */
import { parseArgs } from "node:util";
import {
	createAccessToken,
	listAccessTokens,
	revokeAccessToken,
	type TokenRole,
	UserNameError,
} from "./auth/tokens.js";
import { backupCommand, restoreCommand } from "./cli/backup.js";
import { gcCommand } from "./cli/gc.js";
import { commandHelp, wantsHelp } from "./cli/help.js";
import { namespacesCommand } from "./cli/namespaces.js";
import { checkCommand, importCommand, mirrorCommand } from "./cli/repos.js";
import { CommandError, configFrom, integerFlag, logger, printable, table, UsageError, withHub } from "./cli/shared.js";
import { migrateCommand } from "./cli/sqlite-to-postgres.js";
import { HubError } from "./errors.js";
import { hubLogger } from "./logger.js";
import { EndpointConfigError } from "./router/index.js";
import { sampleCatalogue } from "./seed/catalogue/index.js";
import { loadDemoDatasets } from "./seed/demo-datasets.js";
import { loadSeed } from "./seed/load.js";
import { loadSampleDatasets } from "./seed/sample-datasets.js";
import { syntheticModels } from "./seed/synthetic.js";
import { openHub, startHub } from "./server.js";
import { createUser, disableUser, listUsers, resetPassword } from "./services/accounts.js";
import { createOAuthApp, deleteOAuthApp, listOAuthApps } from "./services/oauth-apps.js";
import { formatBytes, storageReport } from "./services/quota.js";
import { HUB_VERSION } from "./version.js";

const USAGE = `Usage:
  hubkit serve [--port 8787] [--host 127.0.0.1] [--data .hubkit]
  hubkit seed [--synthetic N] [--seed S] [--data .hubkit]
  hubkit token create --user NAME [--role read|write] [--name LABEL] [--data .hubkit]
  hubkit token list --user NAME [--data .hubkit]
  hubkit token revoke ID [--data .hubkit]
  hubkit user create NAME --email E --password-stdin [--admin] [--data .hubkit]
  hubkit user list [--data .hubkit]
  hubkit user show NAME [--data .hubkit]
  hubkit user disable NAME [--data .hubkit]
  hubkit user reset-password NAME --password-stdin [--data .hubkit]
  hubkit oauth-app create --name N --redirect-uri URL [--redirect-uri URL …] [--public] [--data .hubkit]
  hubkit oauth-app list [--data .hubkit]
  hubkit oauth-app delete CLIENT_ID [--data .hubkit]
  hubkit import PATH --repo owner/name [--type model|dataset] [--private] [--message M] [--data .hubkit]
  hubkit mirror owner/name --from URL [--revision R] [--include GLOB]… [--exclude GLOB]… [--type model|dataset] [--to owner/name] [--data .hubkit]
  hubkit check [--deep] [--data .hubkit]
  hubkit gc [--dry-run] [--grace-minutes N] [--data .hubkit]
  hubkit namespaces [list [--all] | grant NAME ACCOUNT | keep NAME [--rename-account NEW]] [--data .hubkit]
  hubkit backup PATH [--data .hubkit]
  hubkit restore PATH [--data .hubkit]
  hubkit migrate --from sqlite:PATH --to postgres://… (hubkit migrate --help)

  hubkit --version

\`hubkit <command> --help\` says more; \`hubkit serve --help\` lists every environment variable
(DATABASE_URL=postgres://… selects PostgreSQL; HF_TOKEN: mirror's token of the source hub).`;

async function serve(args: string[]): Promise<void> {
	const { values } = parseArgs({
		args,
		options: { port: { type: "string" }, host: { type: "string" }, data: { type: "string" } },
	});
	const config = configFrom(values);
	// The one command that runs for long: its log may be JSON for a collector (HUBKIT_LOG_FORMAT).
	const logger = hubLogger(config.logFormat, config.accessLog);
	logger.info(`Data: ${config.dataDir} (${config.databaseUrl ? "PostgreSQL from DATABASE_URL" : "SQLite"})`);
	const hub = await startHub(config, logger);
	let stopping = false;
	const stop = (signal: NodeJS.Signals) => {
		if (stopping) {
			logger.warn(`${signal} again: exiting without waiting for requests in flight`);
			process.exit(1);
		}
		stopping = true;
		const grace = config.shutdownGraceMs;
		// The deadline inside close() covers the connections; this one also covers closing the database.
		setTimeout(() => {
			logger.warn("Shutdown did not finish in time: exiting");
			process.exit(1);
		}, grace + 5000).unref();
		// close() stops accepting before it returns, so by this line new connections are refused.
		const closing = hub.close();
		logger.info(`Shutting down on ${signal}: requests in flight have ${grace} ms`);
		closing.then(
			(outcome) => {
				if (outcome.drained) logger.info("Stopped: every request in flight was answered");
				else logger.warn(`Shutdown deadline (${grace} ms) passed: cut ${outcome.cut} open connections`);
				process.exit(outcome.drained ? 0 : 1);
			},
			(error: unknown) => {
				logger.error("Shutdown failed:", error);
				process.exit(1);
			},
		);
	};
	process.on("SIGINT", stop);
	process.on("SIGTERM", stop);
	// Only now: whatever waits for this line may send a signal at once.
	logger.info(`Hubkit hub listening on ${hub.url}`);
}

async function seed(args: string[]): Promise<void> {
	const { values } = parseArgs({
		args,
		options: { synthetic: { type: "string" }, seed: { type: "string" }, data: { type: "string" } },
	});
	const count = integerFlag("synthetic", values.synthetic, 10_000_000);
	const randomSeed = integerFlag("seed", values.seed, 2 ** 31);
	const hub = await openHub(configFrom(values), logger);
	// A signal stops the load after the batch under way, so the indexes are built before exiting.
	const interrupted = new AbortController();
	const interrupt = (signal: NodeJS.Signals) => {
		// A second one exits at once; the next start builds whatever indexes are missing.
		if (interrupted.signal.aborted) process.exit(signal === "SIGINT" ? 130 : 143);
		logger.warn(`${signal}: stopping after the batch under way, then building the indexes`);
		interrupted.abort(signal);
	};
	process.on("SIGINT", interrupt);
	process.on("SIGTERM", interrupt);
	try {
		const records = count === undefined ? sampleCatalogue() : syntheticModels(count, randomSeed);
		const label = count === undefined ? "sample catalogue" : `${count} synthetic models`;
		logger.info(`Seeding the ${label} (download and like counts are sample data)`);
		let lastReport = performance.now();
		const result = await loadSeed(hub.deps, records, {
			signal: interrupted.signal,
			onProgress: (read) => {
				if (performance.now() - lastReport < 5000) return;
				lastReport = performance.now();
				logger.info(`  ${read} records read`);
			},
		});
		const rate = result.seconds > 0 ? Math.round(result.loaded / result.seconds) : result.loaded;
		logger.info(
			`Loaded ${result.loaded} models (${result.skipped} already present, ${result.files} files) in ${result.seconds.toFixed(1)} s, ${rate} models/s`,
		);
		if (count === undefined && !interrupted.signal.aborted) {
			const datasets = await loadSampleDatasets(hub.deps);
			logger.info(`Wrote ${datasets} sample dataset cards (the datasets the task pages name)`);
			const demos = await loadDemoDatasets(hub.deps);
			logger.info(`Wrote ${demos} sample datasets with generated rows (hubkit-demo/)`);
		}
		if (interrupted.signal.aborted) {
			logger.warn(`Stopped early by ${String(interrupted.signal.reason)}; indexes are complete`);
			process.exitCode = interrupted.signal.reason === "SIGINT" ? 130 : 143;
		}
	} finally {
		await hub.close();
	}
}

async function token(args: string[]): Promise<void> {
	const [action, ...rest] = args;
	if (action === "create") return await createToken(rest);
	if (action === "list") return await listTokens(rest);
	if (action === "revoke") return await revokeToken(rest);
	throw new UsageError("Use `hubkit token create`, `hubkit token list` or `hubkit token revoke`");
}

async function createToken(args: string[]): Promise<void> {
	const { values } = parseArgs({
		args,
		options: {
			user: { type: "string" },
			role: { type: "string" },
			name: { type: "string" },
			data: { type: "string" },
		},
	});
	if (!values.user) throw new UsageError("--user NAME is required");
	if (values.role !== undefined && values.role !== "read" && values.role !== "write") {
		throw new UsageError("--role must be read or write");
	}
	const user = values.user;
	await withHub(values, async (hub) => {
		const created = await createAccessToken(hub.deps.db, user, {
			role: values.role as TokenRole | undefined,
			displayName: values.name,
		});
		// The only place a token is ever shown; it is stored hashed. stdout holds the token alone,
		// so `TOKEN=$(hubkit token create …)` works; the id (for list and revoke) goes to stderr.
		process.stdout.write(`${created.token}\n`);
		process.stderr.write(`Token ${created.id} for ${created.userName} (${created.role}). Shown once: store it now.\n`);
	});
}

async function listTokens(args: string[]): Promise<void> {
	const { values } = parseArgs({ args, options: { user: { type: "string" }, data: { type: "string" } } });
	if (!values.user) throw new UsageError("--user NAME is required");
	const user = values.user;
	await withHub(values, async (hub) => {
		const tokens = await listAccessTokens(hub.deps.db, user);
		if (!tokens) throw new CommandError(`No user named ${JSON.stringify(user)}`);
		const rows = tokens.map((item) => [
			item.id,
			printable(item.displayName),
			item.role,
			item.createdAt,
			item.lastUsedAt ?? "never",
		]);
		process.stdout.write(table(["ID", "NAME", "ROLE", "CREATED", "LAST USED"], rows));
	});
}

async function revokeToken(args: string[]): Promise<void> {
	const { values, positionals } = parseArgs({ args, options: { data: { type: "string" } }, allowPositionals: true });
	const [id, ...extra] = positionals;
	if (!id || extra.length > 0) throw new UsageError("Give one token id: hubkit token revoke ID");
	await withHub(values, async (hub) => {
		if (!(await revokeAccessToken(hub.deps.db, id))) throw new CommandError(`No token with id ${JSON.stringify(id)}`);
		process.stderr.write(`Revoked token ${id}: it stops working on the next request.\n`);
	});
}

async function user(args: string[]): Promise<void> {
	const [action, ...rest] = args;
	if (action === "create") return await createUserCommand(rest);
	if (action === "list") return await listUsersCommand(rest);
	if (action === "show") return await showUserCommand(rest);
	if (action === "disable") return await disableUserCommand(rest);
	if (action === "reset-password") return await resetPasswordCommand(rest);
	throw new UsageError("Use `hubkit user create`, `list`, `show`, `disable` or `reset-password`");
}

/** One name as the only positional argument. */
function oneName(positionals: string[], usage: string): string {
	const [name, ...extra] = positionals;
	if (!name || extra.length > 0) throw new UsageError(`Give one user name: ${usage}`);
	return name;
}

/**
 * The password from standard input (its first line), never from a flag: flags show up in
 * `ps` and shell history.
 */
async function passwordFromStdin(present: boolean | undefined): Promise<string> {
	if (!present) throw new UsageError("--password-stdin is required: pipe the password in");
	let text = "";
	for await (const chunk of process.stdin) text += chunk.toString("utf8");
	const password = text.split(/\r?\n/)[0] ?? "";
	if (password === "") throw new UsageError("No password on standard input");
	return password;
}

async function createUserCommand(args: string[]): Promise<void> {
	const { values, positionals } = parseArgs({
		args,
		options: {
			email: { type: "string" },
			"password-stdin": { type: "boolean" },
			admin: { type: "boolean" },
			data: { type: "string" },
		},
		allowPositionals: true,
	});
	const name = oneName(positionals, "hubkit user create NAME --email E --password-stdin");
	if (!values.email) throw new UsageError("--email E is required");
	const email = values.email;
	const password = await passwordFromStdin(values["password-stdin"]);
	await withHub(values, async (hub) => {
		const created = await createUser(hub.deps.db, { username: name, email, password, isAdmin: values.admin });
		process.stderr.write(`Created user ${created.name}${created.isAdmin ? " (administrator)" : ""}.\n`);
	});
}

async function listUsersCommand(args: string[]): Promise<void> {
	const { values } = parseArgs({ args, options: { data: { type: "string" } } });
	await withHub(values, async (hub) => {
		const rows = (await listUsers(hub.deps.db)).map((item) => [
			item.name,
			printable(item.email ?? "-"),
			item.isAdmin ? "yes" : "no",
			item.disabled ? "disabled" : "active",
			item.createdAt,
		]);
		process.stdout.write(table(["NAME", "EMAIL", "ADMIN", "STATE", "CREATED"], rows));
	});
}

async function showUserCommand(args: string[]): Promise<void> {
	const { values, positionals } = parseArgs({ args, options: { data: { type: "string" } }, allowPositionals: true });
	const name = oneName(positionals, "hubkit user show NAME");
	await withHub(values, async (hub) => {
		const found = (await listUsers(hub.deps.db)).find((item) => item.name === name);
		if (!found) throw new CommandError(`No user named ${JSON.stringify(name)}`);
		const storage = await storageReport(hub.deps.db, hub.deps.config, found.name);
		const quota =
			storage.quotaBytes === null ? "no limit" : `${storage.quotaBytes} bytes (${formatBytes(storage.quotaBytes)})`;
		const lines: [string, string][] = [
			["name", found.name],
			["email", printable(found.email ?? "-")],
			["admin", found.isAdmin ? "yes" : "no"],
			["state", found.disabled ? "disabled" : "active"],
			["created", found.createdAt],
			["storage", `${storage.usedBytes} bytes (${formatBytes(storage.usedBytes)}) used`],
			["quota", quota],
		];
		process.stdout.write(`${lines.map(([key, value]) => `${key.padEnd(8)} ${value}`).join("\n")}\n`);
	});
}

async function disableUserCommand(args: string[]): Promise<void> {
	const { values, positionals } = parseArgs({ args, options: { data: { type: "string" } }, allowPositionals: true });
	const name = oneName(positionals, "hubkit user disable NAME");
	await withHub(values, async (hub) => {
		await disableUser(hub.deps.db, name);
		process.stderr.write(`Disabled ${name}: their sessions ended and their tokens are refused.\n`);
	});
}

async function resetPasswordCommand(args: string[]): Promise<void> {
	const { values, positionals } = parseArgs({
		args,
		options: { "password-stdin": { type: "boolean" }, data: { type: "string" } },
		allowPositionals: true,
	});
	const name = oneName(positionals, "hubkit user reset-password NAME --password-stdin");
	const password = await passwordFromStdin(values["password-stdin"]);
	await withHub(values, async (hub) => {
		await resetPassword(hub.deps.db, name, password);
		process.stderr.write(`New password set for ${name}; their sessions ended.\n`);
	});
}

async function oauthApp(args: string[]): Promise<void> {
	const [action, ...rest] = args;
	if (action === "create") return await createOAuthAppCommand(rest);
	if (action === "list") return await listOAuthAppsCommand(rest);
	if (action === "delete") return await deleteOAuthAppCommand(rest);
	throw new UsageError("Use `hubkit oauth-app create`, `list` or `delete`");
}

async function createOAuthAppCommand(args: string[]): Promise<void> {
	const { values } = parseArgs({
		args,
		options: {
			name: { type: "string" },
			"redirect-uri": { type: "string", multiple: true },
			public: { type: "boolean" },
			data: { type: "string" },
		},
	});
	if (!values.name) throw new UsageError("--name N is required");
	if (!values["redirect-uri"]?.length) throw new UsageError("--redirect-uri URL is required (repeat it for more)");
	const name = values.name;
	const redirectUris = values["redirect-uri"];
	await withHub(values, async (hub) => {
		// An operator's app has no owner: it is not listed in anyone's settings.
		const app = await createOAuthApp(hub.deps.db, {
			name,
			redirectUris,
			confidential: values.public !== true,
			ownerId: null,
		});
		process.stdout.write(`client_id=${app.clientId}\n`);
		if (app.clientSecret) process.stdout.write(`client_secret=${app.clientSecret}\n`);
		process.stderr.write(
			`Registered ${app.confidential ? "confidential" : "public (PKCE)"} app ${JSON.stringify(printable(app.name))}.` +
				`${app.clientSecret ? " The secret is shown once: store it now." : ""}\n`,
		);
	});
}

async function listOAuthAppsCommand(args: string[]): Promise<void> {
	const { values } = parseArgs({ args, options: { data: { type: "string" } } });
	await withHub(values, async (hub) => {
		const apps = await listOAuthApps(hub.deps.db);
		const rows = apps.map((app) => [
			app.clientId,
			printable(app.name),
			app.confidential ? "confidential" : "public",
			app.ownerId === null ? "operator" : "user",
			printable(app.redirectUris.join(" ")),
		]);
		process.stdout.write(table(["CLIENT ID", "NAME", "TYPE", "BY", "REDIRECT URIS"], rows));
	});
}

async function deleteOAuthAppCommand(args: string[]): Promise<void> {
	const { values, positionals } = parseArgs({ args, options: { data: { type: "string" } }, allowPositionals: true });
	const [clientId, ...extra] = positionals;
	if (!clientId || extra.length > 0) throw new UsageError("Give one client id: hubkit oauth-app delete CLIENT_ID");
	await withHub(values, async (hub) => {
		if (!(await deleteOAuthApp(hub.deps.db, clientId))) {
			throw new CommandError(`No app with client id ${JSON.stringify(clientId)}`);
		}
		process.stderr.write(`Deleted app ${clientId}: its tokens stop working on the next request.\n`);
	});
}

async function main(argv: string[]): Promise<void> {
	const [command, ...args] = argv;
	if (command === "--version" || command === "-v" || command === "version") {
		process.stdout.write(`hubkit ${HUB_VERSION}\n`);
		return;
	}
	if (command !== undefined && wantsHelp(args)) {
		const help = commandHelp(command, USAGE);
		if (!help) throw new UsageError(`Unknown command: ${command}`);
		process.stdout.write(`${help}\n`);
		return;
	}
	if (command === "serve") return await serve(args);
	if (command === "seed") return await seed(args);
	if (command === "token") return await token(args);
	if (command === "user") return await user(args);
	if (command === "oauth-app") return await oauthApp(args);
	if (command === "check") return await checkCommand(args);
	if (command === "gc") return await gcCommand(args);
	if (command === "import") return await importCommand(args);
	if (command === "mirror") return await mirrorCommand(args);
	if (command === "backup") return await backupCommand(args);
	if (command === "restore") return await restoreCommand(args);
	if (command === "migrate") return await migrateCommand(args);
	if (command === "namespaces") return await namespacesCommand(args);
	if (command === undefined || command === "help" || command === "--help" || command === "-h") {
		process.stdout.write(`${USAGE}\n`);
		return;
	}
	throw new UsageError(`Unknown command: ${command}`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
	if (
		error instanceof UsageError ||
		(error instanceof Error && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS"))
	) {
		process.stderr.write(`${error.message}\n\n${USAGE}\n`);
		process.exit(2);
	}
	if (
		error instanceof CommandError ||
		error instanceof UserNameError ||
		error instanceof HubError ||
		error instanceof EndpointConfigError
	) {
		process.stderr.write(`${error.message}\n`);
		process.exit(1);
	}
	logger.error("hubkit failed:", error);
	process.exit(1);
});
