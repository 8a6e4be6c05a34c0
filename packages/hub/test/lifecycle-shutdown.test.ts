/**
 * `hubkit serve` after SIGTERM, as a real process with real sockets: it stops
 * accepting, closes idle keep-alive connections and ones still sending their
 * headers at once, answers requests in flight with `Connection: close` (and
 * serves nothing more on that connection), aborts provider calls so their callers
 * get an answer, and exits 0 once everything is answered, or 1 when the grace
 * period (HUBKIT_SHUTDOWN_GRACE_MS) runs out with a request still open. On both
 * engines: the hub closes its database (and writes tokens' last use) on the way out.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_SENTIMENT_MODEL } from "../src/seed/catalogue/local-models.js";
import { fakeProvider } from "./router-fakes.js";
import { runCli, type ServingCli, serveCli } from "./support/cli.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { rawConnect, statusLines } from "./support/raw-http.js";

const DRAINED = "Stopped: every request in flight was answered";
/** Long enough that only the behaviour under test, never the deadline, can end these shutdowns. */
const NO_DEADLINE = 600_000;

const PATHS_INFO_BODY = JSON.stringify({ paths: ["config.json"] });
/** A request whose handler waits for its body; `Expect: 100-continue` tells the test the hub has it. */
const SLOW_POST = [
	`POST /api/models/${LOCAL_SENTIMENT_MODEL}/paths-info/main HTTP/1.1`,
	"Host: hub",
	"Content-Type: application/json",
	`Content-Length: ${PATHS_INFO_BODY.length}`,
	"Expect: 100-continue",
	"",
	"",
].join("\r\n");

describe.each(ENGINES)("shutting `hubkit serve` down on %s", (engine) => {
	let testDb: TestDatabase;
	let token = "";
	const running: ServingCli[] = [];
	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		const data = ["--data", testDb.config.dataDir];
		const seeded = await runCli(["seed", ...data], databaseEnv());
		expect(seeded.code, seeded.output).toBe(0);
		const created = await runCli(["token", "create", "--user", "alice", ...data], databaseEnv());
		token = /hf_\w+/.exec(created.output)?.[0] ?? "";
		expect(token).not.toBe("");
	});
	afterEach(() => {
		for (const hub of running.splice(0)) if (hub.child.exitCode === null) hub.child.kill("SIGKILL");
	});
	afterAll(async () => {
		await testDb.cleanup();
	});

	function databaseEnv(): Record<string, string> {
		return testDb.cliEnv;
	}

	async function serve(graceMs: number, env: Record<string, string> = {}): Promise<ServingCli> {
		const hub = await serveCli(["--data", testDb.config.dataDir], {
			...databaseEnv(),
			HUBKIT_SHUTDOWN_GRACE_MS: String(graceMs),
			...env,
		});
		running.push(hub);
		return hub;
	}

	async function terminate(hub: ServingCli): Promise<void> {
		hub.child.kill("SIGTERM");
		await hub.waitFor("Shutting down on SIGTERM");
	}

	it("closes an idle keep-alive connection at once and exits 0", async () => {
		const hub = await serve(NO_DEADLINE);
		const idle = await rawConnect(hub.url);
		idle.write("GET /healthz HTTP/1.1\r\nHost: hub\r\n\r\n");
		await idle.waitFor('{"status":"ok"}');
		hub.child.kill("SIGTERM");
		expect(statusLines(await idle.closed)).toEqual(["HTTP/1.1 200 OK"]);
		const exit = await hub.exited;
		expect(exit.code).toBe(0);
		expect(exit.output).toContain(DRAINED);
	});

	it("drops a connection that has sent half its headers and exits 0", async () => {
		const hub = await serve(NO_DEADLINE);
		const half = await rawConnect(hub.url);
		half.write("GET /api/tasks HTTP/1.1\r\nHost: hub\r\n");
		hub.child.kill("SIGTERM");
		expect(await half.closed).toBe("");
		const exit = await hub.exited;
		expect(exit.code).toBe(0);
		expect(exit.output).toContain(DRAINED);
	});

	it("answers the request in flight on a busy keep-alive connection with Connection: close and serves no more on it", async () => {
		const hub = await serve(NO_DEADLINE);
		const busy = await rawConnect(hub.url);
		busy.write("GET /healthz HTTP/1.1\r\nHost: hub\r\n\r\n");
		await busy.waitFor('{"status":"ok"}');
		busy.write(SLOW_POST);
		await busy.waitFor("HTTP/1.1 100 Continue");
		await terminate(hub);
		// The body arrives after the shutdown began, with the next request right behind it.
		busy.write(`${PATHS_INFO_BODY}GET /api/tasks HTTP/1.1\r\nHost: hub\r\n\r\n`);
		const text = await busy.closed;
		// The pipelined request is neither served nor answered: the answer before it said
		// `Connection: close`, so HTTP lets the client send it again on a new connection, and no
		// status (a 503 reads as "model loading") tells it otherwise.
		expect(statusLines(text)).toEqual(["HTTP/1.1 200 OK", "HTTP/1.1 100 Continue", "HTTP/1.1 200 OK"]);
		const answer = text.slice(text.lastIndexOf("HTTP/1.1 200 OK"));
		expect(answer.toLowerCase()).toContain("\r\nconnection: close\r\n");
		expect(answer).toContain('"path":"config.json"');
		const exit = await hub.exited;
		expect(exit.code).toBe(0);
		expect(exit.output).toContain(DRAINED);
	});

	it("leaves a request that arrives on a busy connection after the shutdown began unanswered (no 503), after the answer in flight", async () => {
		// The site's web server starts a page (headers and a first piece) and finishes it when told.
		let finish: () => void = () => undefined;
		let started: () => void = () => undefined;
		const pageStarted = new Promise<void>((resolve) => {
			started = resolve;
		});
		const web = await fakeProvider((_request, response) => {
			response.writeHead(200, { "Content-Type": "text/html" });
			response.write("<p>first part</p>");
			finish = () => response.end("<p>last part</p>");
			started();
		});
		try {
			const hub = await serve(NO_DEADLINE, { HUBKIT_WEB_URL: web.url });
			const busy = await rawConnect(hub.url);
			busy.write("GET /some/page HTTP/1.1\r\nHost: hub\r\n\r\n");
			await pageStarted;
			await busy.waitFor("first part");
			await terminate(hub);
			// Sent after the shutdown began, on a connection whose answer went out before it.
			busy.write("GET /api/tasks HTTP/1.1\r\nHost: hub\r\n\r\n");
			finish();
			const text = await busy.closed;
			// Only the page: the next request was not run and gets no status, so a client may send it
			// again on a new connection; a 503 would read as "model loading".
			expect(statusLines(text)).toEqual(["HTTP/1.1 200 OK"]);
			expect(text).toContain("<p>last part</p>");
			const exit = await hub.exited;
			expect(exit.code).toBe(0);
			expect(exit.output).toContain(DRAINED);
		} finally {
			await web.close();
		}
	});

	it("aborts a provider call that never answers: the caller gets a JSON 502 HubShuttingDown (not a 503 it would retry) with Connection: close, and the hub exits 0", async () => {
		let arrived: () => void = () => undefined;
		const reached = new Promise<void>((resolve) => {
			arrived = resolve;
		});
		const provider = await fakeProvider(() => arrived());
		try {
			const hub = await serve(NO_DEADLINE, {
				HUBKIT_PROVIDER_KEY_TOGETHER: "sk-operator-key-for-shutdown-test",
				HUBKIT_PROVIDER_URL_TOGETHER: provider.url,
			});
			const caller = await rawConnect(hub.url);
			const body = JSON.stringify({ model: "meta-llama/Llama-3.3-70B-Instruct-Turbo", messages: [] });
			caller.write(
				[
					"POST /together/v1/chat/completions HTTP/1.1",
					"Host: hub",
					`Authorization: Bearer ${token}`,
					"Content-Type: application/json",
					`Content-Length: ${body.length}`,
					"",
					body,
				].join("\r\n"),
			);
			await reached;
			hub.child.kill("SIGTERM");
			const text = await caller.closed;
			// The call may have run at the provider: a 503 would have clients send it again at once.
			expect(statusLines(text)).toEqual(["HTTP/1.1 502 Bad Gateway"]);
			expect(text.toLowerCase()).toContain("\r\nconnection: close\r\n");
			expect(text.toLowerCase()).toContain("\r\nx-error-code: hubshuttingdown\r\n");
			expect(
				text.endsWith('{"error":"The hub shut down before together answered; the call may still have run there"}'),
			).toBe(true);
			const exit = await hub.exited;
			expect(exit.code).toBe(0);
			expect(exit.output).toContain(DRAINED);
			expect(exit.output).not.toContain("sk-operator-key-for-shutdown-test");
			expect(exit.output).not.toContain(token);
		} finally {
			await provider.close();
		}
	});

	it("cuts a request whose body stalls once the grace period is over, and exits 1 saying so", async () => {
		const hub = await serve(1500);
		const stalled = await rawConnect(hub.url);
		stalled.write(SLOW_POST);
		await stalled.waitFor("HTTP/1.1 100 Continue");
		stalled.write(PATHS_INFO_BODY.slice(0, 5));
		hub.child.kill("SIGTERM");
		expect(statusLines(await stalled.closed)).toEqual(["HTTP/1.1 100 Continue"]);
		const exit = await hub.exited;
		expect(exit.code).toBe(1);
		expect(exit.output).toContain("Shutdown deadline (1500 ms) passed: cut 1 open connections");
		expect(exit.output).not.toContain(DRAINED);
	});

	it("refuses new connections while a request is still in flight, and exits at once on a second SIGTERM", async () => {
		const hub = await serve(NO_DEADLINE);
		const stalled = await rawConnect(hub.url);
		stalled.write(SLOW_POST);
		await stalled.waitFor("HTTP/1.1 100 Continue");
		await terminate(hub);
		const refused = await rawConnect(hub.url).then(
			() => "connected",
			(error: NodeJS.ErrnoException) => error.code,
		);
		expect(refused).toBe("ECONNREFUSED");
		expect(hub.child.exitCode).toBe(null);
		hub.child.kill("SIGTERM");
		const exit = await hub.exited;
		expect(exit.code).toBe(1);
		expect(exit.output).toContain("SIGTERM again: exiting without waiting for requests in flight");
	});
});
