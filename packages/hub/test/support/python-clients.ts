/**
 * The public Python clients in a virtual environment outside the repository, made once per set of
 * pinned requirements (`test/clients/requirements-*.txt`) and kept in
 * `~/.cache/hubkit/python-clients/` (or `HUBKIT_CLIENTS_CACHE`). Wheels come from `../shared/wheels`
 * beside the repository when it exists (no package index), otherwise from PyPI.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";

const HERE = new URL(".", import.meta.url).pathname;
const REPO_ROOT = resolve(HERE, "../../../..");
const SHARED_WHEELS = resolve(REPO_ROOT, "../shared/wheels");

/** The python of a venv holding `requirements` (a file under test/clients), made on first use. */
export function pythonClients(requirements: string): string {
	const file = join(HERE, "../clients", requirements);
	const text = readFileSync(file, "utf8");
	const digest = createHash("sha256").update(text).digest("hex").slice(0, 12);
	const root = process.env.HUBKIT_CLIENTS_CACHE ?? join(homedir(), ".cache", "hubkit", "python-clients");
	const venv = join(root, `${requirements.replace(/\.txt$/, "")}-${digest}`);
	const python = join(venv, "bin", "python");
	// Scripts name the venv's path in their first line, so it is made where it stays; the marker says it is whole.
	const complete = join(venv, ".complete");
	if (existsSync(complete)) return python;
	rmSync(venv, { recursive: true, force: true });
	try {
		execFileSync("python3", ["-m", "venv", venv], { stdio: "pipe" });
	} catch (error) {
		throw new Error(
			`python3 -m venv failed: install python3-venv (apt-get install python3-venv) to run the client tests. ${String(error)}`,
		);
	}
	const source = existsSync(SHARED_WHEELS) ? ["--no-index", "--find-links", SHARED_WHEELS] : [];
	execFileSync(python, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", ...source, "-r", file], {
		stdio: "pipe",
		timeout: 15 * 60_000,
	});
	writeFileSync(complete, "");
	return python;
}
