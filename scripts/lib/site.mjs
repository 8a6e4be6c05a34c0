/**
 * Runs the two processes behind one origin: the hub (`hubkit serve`, the front
 * door people and clients reach) and the site's Next.js server on an internal
 * loopback port, which the hub forwards page requests to (`HUBKIT_WEB_URL`).
 * Used by `npm start` and by the browser tests.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { ROOT, WEB_DIR } from "./web-build.mjs";

/** A port nothing listens on right now (the OS picks it). */
export function freePort(host = "127.0.0.1") {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once("error", reject);
		server.listen(0, host, () => {
			const { port } = server.address();
			server.close(() => resolve(port));
		});
	});
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves with the first status `url` answers with; retries while nothing listens. */
async function answer(url, child, deadline) {
	for (;;) {
		if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${child.label} exited while starting`);
		try {
			const response = await fetch(url, { redirect: "manual" });
			await response.arrayBuffer();
			return response.status;
		} catch {
			if (Date.now() > deadline) throw new Error(`${child.label} did not answer ${url} in time`);
			await sleep(150);
		}
	}
}

/** Waits until the hub is ready: `/readyz` when the hub has it, else the task list as a sign of life. */
async function waitForHub(hubUrl, child, deadline) {
	for (;;) {
		const ready = await answer(`${hubUrl}/readyz`, child, deadline);
		if (ready === 200) return;
		if (ready === 404 && (await answer(`${hubUrl}/api/tasks`, child, deadline)) === 200) return;
		if (Date.now() > deadline) throw new Error("the hub did not become ready in time");
		await sleep(200);
	}
}

/**
 * What the first visitor would otherwise pay for, paid before the URL is printed: Next.js loads
 * a route's server code, and the site its highlighter, on the route's first render, while the
 * server is still loading every route in the background; the hub's first catalogue queries run
 * cold. Asked through the front door as a browser would: the home page, the scripts and styles
 * it names, the first model page it links (its links' prefetches render model pages) and the
 * first task page. A failure here is not a failed start: that visitor then pays, as before.
 */
export async function warmSite(url) {
	const warmed = [];
	const get = async (path) => {
		try {
			const response = await fetch(`${url}${path}`, { redirect: "manual", signal: AbortSignal.timeout(60_000) });
			const body = await response.text();
			warmed.push({ path, status: response.status });
			return body;
		} catch {
			return "";
		}
	};
	const home = await get("/");
	const links = [...home.matchAll(/(?:href|src)="(\/[^"]*)"/g)].map((match) => match[1].replaceAll("&amp;", "&"));
	const assets = [...new Set(links.filter((link) => link.startsWith("/_next/static/")))];
	await Promise.all(assets.map(get));
	const model = /"id":"([^"]+)"/.exec(await get("/api/models?sort=downloads&limit=1"))?.[1];
	if (model) await get(`/${model}`);
	const task = links.find((link) => /^\/tasks\/[a-z0-9-]+$/.test(link));
	if (task) await get(task);
	return warmed;
}

function spawnChild(label, args, options) {
	const child = spawn(process.execPath, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
	child.label = label;
	child.output = "";
	// Until the site is up, output is kept (and shown only if start-up fails); then it streams.
	const collect = (chunk) => {
		if (child.streaming) child.streaming(chunk);
		else child.output += chunk;
	};
	child.stdout.on("data", collect);
	child.stderr.on("data", collect);
	return child;
}

function stopChild(child) {
	if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
	return new Promise((resolve) => {
		child.once("exit", () => resolve());
		child.kill("SIGTERM");
		// A process that ignores SIGTERM is not allowed to keep the port.
		setTimeout(() => child.kill("SIGKILL"), 15_000).unref();
	});
}

/**
 * Starts hub and web, waits for both and warms the site (warmSite). `hubArgs` go to
 * `hubkit serve` as given (`--port`, `--data` …); `hubPort`/`host` must match them.
 * `warm: false` skips the warm-up (bench/first-visit.mjs measures what it saves).
 */
export async function startSite({
	hubPort,
	host = "127.0.0.1",
	hubArgs = [],
	webPort,
	env = process.env,
	timeoutMs = 120_000,
	warm = true,
}) {
	const internalPort = webPort ?? (await freePort());
	const webUrl = `http://127.0.0.1:${internalPort}`;
	const hubHost = host.includes(":") ? `[${host}]` : host;
	const connectHost = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "[::1]" : hubHost;
	const url = `http://${hubHost}:${hubPort}`;
	const hubUrl = `http://${connectHost}:${hubPort}`;

	const hub = spawnChild("hub", [join(ROOT, "packages/hub/dist/cli.js"), "serve", ...hubArgs], {
		cwd: ROOT,
		env: { ...env, HUBKIT_WEB_URL: webUrl },
	});
	const web = spawnChild(
		"web",
		[join(ROOT, "node_modules/next/dist/bin/next"), "start", "--port", String(internalPort), "--hostname", "127.0.0.1"],
		{ cwd: WEB_DIR, env: { ...env, HUBKIT_HUB_URL: hubUrl, NEXT_TELEMETRY_DISABLED: "1" } },
	);
	const stop = () => Promise.all([stopChild(hub), stopChild(web)]).then(() => undefined);
	let warmed = [];
	let warmMs = 0;
	try {
		const deadline = Date.now() + timeoutMs;
		await waitForHub(hubUrl, hub, deadline);
		await answer(`${webUrl}/tasks`, web, deadline);
		const warmStarted = performance.now();
		if (warm) warmed = await warmSite(hubUrl);
		warmMs = performance.now() - warmStarted;
	} catch (error) {
		await stop();
		const output = `--- hub ---\n${hub.output}\n--- web ---\n${web.output}`;
		throw new Error(`${error instanceof Error ? error.message : error}\n${output}`);
	}
	/** From now on, child output is written to `write` as it comes (prefixed by process). */
	const stream = (write) => {
		for (const child of [hub, web]) {
			child.streaming = (chunk) => write(`[${child.label}] ${chunk}`);
		}
	};
	const exited = new Promise((resolve) => {
		for (const child of [hub, web]) child.once("exit", (code, signal) => resolve({ label: child.label, code, signal }));
	});
	return { url, hubUrl, webUrl, stop, stream, exited, warmed, warmMs };
}
