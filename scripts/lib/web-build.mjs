/**
 * Builds the site (apps/web) only when something it is built from changed. The
 * stamp is a sha256 over the site's sources and config, the built output of the
 * workspace packages it imports (@hubkit/tasks, @hubkit/inference), the hub README
 * (the docs pages), and the installed versions of its dependencies; it is written into `.next/` after a
 * successful `next build`, so deleting `.next` also forces a build.
 * Shared by `npm start` (scripts/start.mjs) and the browser tests' set-up.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

export const ROOT = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
export const WEB_DIR = join(ROOT, "apps/web");
const STAMP_FILE = join(WEB_DIR, ".next", "hubkit-build-stamp");
/** Not inputs of the build: its output, installed modules, the browser tests and the unit tests' config. */
const SKIPPED = new Set([".next", "node_modules", "e2e", "next-env.d.ts", ".gitignore", "vitest.unit.config.ts"]);

function filesUnder(directory, skipped = new Set()) {
	if (!existsSync(directory)) return [];
	return (
		readdirSync(directory, { withFileTypes: true })
			// Unit tests beside the code (lib/*.test.ts) are not part of the site either.
			.filter((entry) => !skipped.has(entry.name) && !entry.name.endsWith(".test.ts"))
			.flatMap((entry) => {
				const path = join(directory, entry.name);
				if (entry.isDirectory()) return filesUnder(path, skipped);
				return entry.isFile() ? [path] : [];
			})
			.sort()
	);
}

function installedVersion(name) {
	for (const base of [join(WEB_DIR, "node_modules"), join(ROOT, "node_modules")]) {
		const manifest = join(base, name, "package.json");
		if (existsSync(manifest)) return JSON.parse(readFileSync(manifest, "utf8")).version;
	}
	return "missing";
}

/** The stamp the current inputs would give. */
export function webBuildStamp() {
	const hash = createHash("sha256");
	const inputs = [
		...filesUnder(WEB_DIR, SKIPPED),
		...filesUnder(join(ROOT, "packages/tasks/dist")),
		...filesUnder(join(ROOT, "packages/inference/dist")),
		// The docs pages are the hub's README, rendered at build time.
		join(ROOT, "packages/hub/README.md"),
	];
	for (const file of inputs) {
		hash.update(`${relative(ROOT, file)}\0`);
		hash.update(readFileSync(file));
		hash.update("\0");
	}
	const manifest = JSON.parse(readFileSync(join(WEB_DIR, "package.json"), "utf8"));
	const names = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).sort();
	for (const name of names) hash.update(`${name}@${installedVersion(name)}\n`);
	hash.update(`node ${process.versions.node}\n`);
	return hash.digest("hex");
}

export function webBuildIsCurrent(stamp = webBuildStamp()) {
	return (
		existsSync(join(WEB_DIR, ".next", "BUILD_ID")) &&
		existsSync(STAMP_FILE) &&
		readFileSync(STAMP_FILE, "utf8").trim() === stamp
	);
}

function run(command, args, options) {
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, options);
		let output = "";
		child.stdout?.on("data", (chunk) => {
			output += chunk;
		});
		child.stderr?.on("data", (chunk) => {
			output += chunk;
		});
		child.on("error", reject);
		child.on("exit", (code, signal) => {
			if (code === 0) resolve(output);
			else reject(new Error(`${command} ${args.join(" ")} failed (${signal ?? code})\n${output}`));
		});
	});
}

/**
 * Runs `next build` unless the stamp says the last build is current.
 * Returns whether it built. `log` receives one line before a build starts.
 */
export async function buildWebIfChanged({ log = () => {}, quiet = true } = {}) {
	const stamp = webBuildStamp();
	if (webBuildIsCurrent(stamp)) return false;
	log("Building the site (apps/web): its sources or dependencies changed since the last build");
	await run(process.execPath, [join(ROOT, "node_modules/next/dist/bin/next"), "build"], {
		cwd: WEB_DIR,
		env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
		stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
	});
	writeFileSync(STAMP_FILE, `${stamp}\n`);
	return true;
}
