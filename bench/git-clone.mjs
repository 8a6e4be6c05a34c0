#!/usr/bin/env node
/**
 * `git clone` of a repository of 10,000 files from the hub (`hubkit serve`, SQLite, disk store)
 * against the raw limit: the same repository as a bare repository on disk served by
 * `git http-backend` (Debian's git, through a minimal CGI bridge in this process). The files are
 * made with `git fast-import` (100 folders × 100 files of about 1 KiB, one commit), pushed to the
 * hub with git, and both sides then hold the same commit id. Each round clones from both, in
 * alternating order, into fresh directories (`git clone --bare`: the transfer and the client's
 * index of the pack, no checkout, which would cost both the same). Reported: median wall time of
 * each and their ratio, the hub's CPU time per clone, and its RSS before the clones and its peak
 * during them (sampled every 10 ms).
 *
 *   npm run build && node bench/git-clone.mjs [--files 10000] [--rounds 5] [--cpu-prof <directory>]
 *
 * `--cpu-prof` writes the hub's CPU profile (node --cpu-prof, push and clones) into the directory.
 */
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { headerLine, median, option, ratio, startListening, stringOption } from "./lib/harness.mjs";
import { prepareHubData } from "./lib/hub-data.mjs";

const HUB = new URL("../packages/hub/dist/", import.meta.url);
const CLI = new URL("cli.js", HUB).pathname;
const HTTP_BACKEND = "/usr/lib/git-core/git-http-backend";
const files = option("files", 10_000);
const rounds = option("rounds", 5);
const profileDirectory = stringOption("cpu-prof", undefined);
const execute = promisify(execFile);
const gitEnv = {
	PATH: process.env.PATH,
	HOME: tmpdir(),
	GIT_CONFIG_NOSYSTEM: "1",
	GIT_TERMINAL_PROMPT: "0",
	LANG: "C",
};
const git = (args, cwd) => execute("git", args, { cwd, env: gitEnv, maxBuffer: 64 * 1024 * 1024 });

/** A `git fast-import` stream of one commit holding `count` files of about 1 KiB, in folders of 100. */
function fastImportStream(count) {
	const parts = [];
	let state = 1;
	const text = () => {
		let line = "";
		for (let index = 0; index < 16; index++) {
			state = (Math.imul(state, 1103515245) + 12345) >>> 0;
			line += `${state.toString(36)} `;
		}
		return `${line}\n`;
	};
	for (let mark = 1; mark <= count; mark++) {
		const body = Buffer.from(Array.from({ length: 8 }, text).join(""));
		parts.push(Buffer.from(`blob\nmark :${mark}\ndata ${body.length}\n`), body, Buffer.from("\n"));
	}
	const message = "10,000 files\n";
	const lines = [
		"commit refs/heads/main",
		"committer Bench <bench@example.com> 1700000000 +0000",
		`data ${Buffer.byteLength(message)}`,
		message,
	];
	for (let mark = 1; mark <= count; mark++) {
		lines.push(`M 100644 :${mark} folder-${Math.floor((mark - 1) / 100)}/file-${(mark - 1) % 100}.txt`);
	}
	parts.push(Buffer.from(`${lines.join("\n")}\n`));
	return Buffer.concat(parts);
}

async function makeBareRepository(path) {
	await git(["init", "-q", "--bare", "-b", "main", path]);
	await new Promise((resolve, reject) => {
		const child = spawn("git", ["fast-import", "--quiet"], {
			cwd: path,
			env: gitEnv,
			stdio: ["pipe", "inherit", "inherit"],
		});
		child.on("error", reject);
		child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`git fast-import exited ${code}`))));
		child.stdin.end(fastImportStream(files));
	});
	return (await git(["rev-parse", "main"], path)).stdout.trim();
}

/** `git http-backend` behind HTTP: one CGI run per request, its headers turned into the response's. */
function startHttpBackend(projectRoot) {
	const server = createServer((incoming, outgoing) => {
		const url = new URL(incoming.url, "http://127.0.0.1");
		const child = spawn(HTTP_BACKEND, [], {
			env: {
				...gitEnv,
				GIT_PROJECT_ROOT: projectRoot,
				GIT_HTTP_EXPORT_ALL: "1",
				REQUEST_METHOD: incoming.method,
				PATH_INFO: decodeURIComponent(url.pathname),
				QUERY_STRING: url.search.slice(1),
				CONTENT_TYPE: incoming.headers["content-type"] ?? "",
				GIT_PROTOCOL: incoming.headers["git-protocol"] ?? "",
				HTTP_CONTENT_ENCODING: incoming.headers["content-encoding"] ?? "",
				REMOTE_ADDR: "127.0.0.1",
			},
			stdio: ["pipe", "pipe", "inherit"],
		});
		incoming.pipe(child.stdin);
		let head = Buffer.alloc(0);
		let started = false;
		child.stdout.on("data", (chunk) => {
			if (started) return outgoing.write(chunk);
			head = Buffer.concat([head, chunk]);
			const end = head.indexOf("\r\n\r\n");
			if (end < 0) return;
			started = true;
			let status = 200;
			for (const line of head.subarray(0, end).toString().split("\r\n")) {
				const colon = line.indexOf(":");
				const name = line.slice(0, colon).trim();
				const value = line.slice(colon + 1).trim();
				if (name.toLowerCase() === "status") status = Number.parseInt(value, 10);
				else outgoing.setHeader(name, value);
			}
			outgoing.writeHead(status);
			outgoing.write(head.subarray(end + 4));
		});
		child.stdout.on("end", () => outgoing.end());
	});
	return new Promise((resolve) =>
		server.listen(0, "127.0.0.1", () => resolve({ server, url: `http://127.0.0.1:${server.address().port}` })),
	);
}

function procStatus(pid) {
	const status = readFileSync(`/proc/${pid}/status`, "utf8");
	return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024;
}

/** utime + stime of a process, in seconds. */
function cpuSeconds(pid) {
	const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
	return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function timedClone(url, into) {
	const start = performance.now();
	await git(["clone", "-q", "--bare", url, into]);
	return (performance.now() - start) / 1000;
}

const root = mkdtempSync(join(tmpdir(), "hubkit-bench-git-"));
let hub;
let backend;
try {
	console.log(headerLine(`git clone, ${files.toLocaleString("en-US")} files: hub against git http-backend`));
	const bare = join(root, "projects", "tenk.git");
	const sha = await makeBareRepository(bare);
	backend = await startHttpBackend(join(root, "projects"));

	const dataDir = join(root, "hub");
	const token = await prepareHubData(dataDir);
	const profile = profileDirectory ? ["--cpu-prof", "--cpu-prof-dir", profileDirectory] : [];
	hub = await startListening([...profile, CLI, "serve", "--port", "0", "--data", dataDir]);
	const created = await fetch(`${hub.url}/api/repos/create`, {
		method: "POST",
		headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
		body: JSON.stringify({ name: "tenk" }),
	});
	if (!created.ok) throw new Error(`creating the repository: ${created.status} ${await created.text()}`);
	const pushUrl = `${hub.url.replace("://", `://bench:${token}@`)}/bench/tenk`;
	const pushStart = performance.now();
	await git(["push", "-q", "--force", pushUrl, "main"], bare);
	console.log(`push of the repository to the hub: ${((performance.now() - pushStart) / 1000).toFixed(1)} s`);
	const info = await (await fetch(`${hub.url}/api/models/bench/tenk`)).json();
	if (info.sha !== sha) throw new Error(`the hub holds ${info.sha}, the bare repository ${sha}`);

	const pid = hub.child.pid;
	const rssBefore = procStatus(pid);
	let rssPeak = rssBefore;
	const sampler = setInterval(() => {
		rssPeak = Math.max(rssPeak, procStatus(pid));
	}, 10);
	const times = { hub: [], backend: [] };
	const hubCpu = [];
	const sources = { hub: `${hub.url}/bench/tenk`, backend: `${backend.url}/tenk.git` };
	for (let round = 0; round < rounds; round++) {
		const order = round % 2 === 0 ? ["hub", "backend"] : ["backend", "hub"];
		for (const name of order) {
			const into = join(root, `clone-${name}-${round}.git`);
			const cpuStart = cpuSeconds(pid);
			times[name].push(await timedClone(sources[name], into));
			if (name === "hub") hubCpu.push(cpuSeconds(pid) - cpuStart);
			const head = (await git(["rev-parse", "main"], into)).stdout.trim();
			if (head !== sha) throw new Error(`a clone from ${name} is at ${head}`);
			rmSync(into, { recursive: true, force: true });
		}
	}
	clearInterval(sampler);
	const hubTime = median(times.hub);
	const backendTime = median(times.backend);
	console.log(`rounds: ${rounds}; clone times (s) hub ${times.hub.map((t) => t.toFixed(2)).join(", ")}`);
	console.log(`                  git http-backend ${times.backend.map((t) => t.toFixed(2)).join(", ")}`);
	console.log(`median clone: hub ${hubTime.toFixed(2)} s, git http-backend ${backendTime.toFixed(2)} s`);
	console.log(`speed, hub / git http-backend (time ratio inverted): ${ratio(backendTime, hubTime)}`);
	console.log(`hub CPU per clone: median ${median(hubCpu).toFixed(2)} s`);
	console.log(`hub RSS: ${rssBefore.toFixed(0)} MiB before the clones, peak ${rssPeak.toFixed(0)} MiB during them`);
} finally {
	if (hub) {
		// Waited for: a profiled hub writes its profile as it exits.
		const exited = new Promise((resolve) => hub.child.once("close", resolve));
		hub.child.kill();
		await exited;
	}
	backend?.server.close();
	rmSync(root, { recursive: true, force: true });
}
