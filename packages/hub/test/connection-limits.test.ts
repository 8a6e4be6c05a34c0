/**
 * Held-open connections, over raw sockets on loopback: one address holds at most
 * `maxConnectionsPerAddress` open connections (the next is answered 429 TooManyConnections and
 * closed, another address is not affected, and a closed connection frees its place), and a
 * connection that sends its headers too slowly is answered 408 and closed. Bounded: a handful of
 * sockets and a one-second header deadline. `HUBKIT_MAX_CONNECTIONS_PER_ADDRESS` sets the cap.
 */
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MAX_CONNECTIONS_PER_ADDRESS, loadConfig } from "../src/config.js";
import type { HubEnv } from "../src/deps.js";
import { type HubServer, startHubServer } from "../src/http-server.js";
import { type RawConnection, rawConnect, statusLines } from "./support/raw-http.js";

const CAP = 4;
const PARTIAL_REQUEST = "GET /ping HTTP/1.1\r\nHost: hub\r\nX-Slow: ";
const REQUEST = "GET /ping HTTP/1.1\r\nHost: hub\r\nConnection: close\r\n\r\n";

describe("HUBKIT_MAX_CONNECTIONS_PER_ADDRESS", () => {
	it("defaults to 256, reads 0 as no limit, and is off by default behind trusted proxies", () => {
		expect(loadConfig({}, {}).maxConnectionsPerAddress).toBe(DEFAULT_MAX_CONNECTIONS_PER_ADDRESS);
		expect(DEFAULT_MAX_CONNECTIONS_PER_ADDRESS).toBe(256);
		expect(loadConfig({}, { HUBKIT_MAX_CONNECTIONS_PER_ADDRESS: "0" }).maxConnectionsPerAddress).toBe(0);
		expect(loadConfig({}, { HUBKIT_MAX_CONNECTIONS_PER_ADDRESS: "32" }).maxConnectionsPerAddress).toBe(32);
		expect(loadConfig({}, { HUBKIT_TRUST_PROXY: "1" }).maxConnectionsPerAddress).toBe(0);
		expect(
			loadConfig({}, { HUBKIT_TRUST_PROXY: "1", HUBKIT_MAX_CONNECTIONS_PER_ADDRESS: "64" }).maxConnectionsPerAddress,
		).toBe(64);
		expect(() => loadConfig({}, { HUBKIT_MAX_CONNECTIONS_PER_ADDRESS: "-1" })).toThrow(
			/HUBKIT_MAX_CONNECTIONS_PER_ADDRESS/,
		);
	});
});

describe("open connections per address, and the header deadline", () => {
	let hub: HubServer;
	let url = "";
	const opened: RawConnection[] = [];
	const open = async (localAddress?: string) => {
		const connection = await rawConnect(url, localAddress);
		opened.push(connection);
		return connection;
	};

	beforeAll(async () => {
		const app = new Hono<HubEnv>().get("/ping", (c) => c.text("pong"));
		hub = await startHubServer(app, "127.0.0.1", 0, { maxConnectionsPerAddress: CAP, headersTimeoutMs: 1000 });
		const address = hub.server.address();
		url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
	});
	afterAll(async () => {
		for (const connection of opened) connection.socket.destroy();
		await hub?.shutdown(1000);
	});

	let held: RawConnection[] = [];

	it("answers 429 past the cap, leaves other addresses alone, and frees a place when one closes", async () => {
		held = await Promise.all(Array.from({ length: CAP }, () => open()));
		for (const connection of held) connection.write(PARTIAL_REQUEST);

		const refused = await open();
		refused.write(REQUEST);
		const answer = await refused.closed;
		expect(statusLines(answer)).toEqual(["HTTP/1.1 429 Too Many Requests"]);
		expect(answer).toContain("X-Error-Code: TooManyConnections");
		expect(answer).toContain(
			`{"error":"Too many open connections from this address (at most ${CAP}): close some and try again"}`,
		);
		expect(answer).not.toContain("pong");

		// Another client address (the loopback network is all ours) gets its own allowance.
		const other = await open("127.0.0.2");
		other.write(REQUEST);
		expect(statusLines(await other.closed)).toEqual(["HTTP/1.1 200 OK"]);

		// One held connection finishes its request and is closed: its place is free again.
		held[0]?.write("x\r\nConnection: close\r\n\r\n");
		expect(statusLines(await (held[0] as RawConnection).closed)).toEqual(["HTTP/1.1 200 OK"]);
		const next = await open();
		next.write(REQUEST);
		expect(statusLines(await next.closed)).toEqual(["HTTP/1.1 200 OK"]);
	});

	it("closes connections whose headers do not arrive within the deadline, with a 408", async () => {
		// The connections the cap test left holding half their headers.
		for (const connection of held.slice(1)) {
			expect(statusLines(await connection.closed)).toEqual(["HTTP/1.1 408 Request Timeout"]);
		}
		// One that sends nothing, and one that trickles a header line every 200 ms.
		const silent = await open("127.0.0.3");
		const trickling = await open("127.0.0.3");
		trickling.write("GET /ping HTTP/1.1\r\n");
		const timer = setInterval(() => trickling.write("X-A: b\r\n"), 200);
		try {
			const [silentAnswer, tricklingAnswer] = await Promise.all([silent.closed, trickling.closed]);
			// Node closes a connection that never began a request without an answer, or with the 408.
			expect(["", "HTTP/1.1 408 Request Timeout"]).toContain(statusLines(silentAnswer)[0] ?? "");
			expect(statusLines(tricklingAnswer)).toEqual(["HTTP/1.1 408 Request Timeout"]);
		} finally {
			clearInterval(timer);
		}
		// The address's places are free again.
		const after = await open();
		after.write(REQUEST);
		expect(statusLines(await after.closed)).toEqual(["HTTP/1.1 200 OK"]);
	});
});
