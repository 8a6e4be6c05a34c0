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
 * Starts hub and web and waits for both. `hubArgs` go to `hubkit serve` as given
 * (`--port`, `--data` …); `hubPort`/`host` must match them.
 */
export async function startSite({
	hubPort,
	host = "127.0.0.1",
	hubArgs = [],
	webPort,
	env = process.env,
	timeoutMs = 120_000,
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
	try {
		const deadline = Date.now() + timeoutMs;
		await waitForHub(hubUrl, hub, deadline);
		await answer(`${webUrl}/tasks`, web, deadline);
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
	return { url, hubUrl, webUrl, stop, stream, exited };
}
