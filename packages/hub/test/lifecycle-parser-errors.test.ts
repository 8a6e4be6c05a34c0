/**
 * Requests Node's HTTP parser refuses, or that never become a Request, still get
 * the hub's JSON error shape on the socket: raw non-ASCII bytes in the path,
 * HTTP/1.1 without Host, headers over Node's size limit, Transfer-Encoding with
 * Content-Length. A refused request behind a good one (pipelined) is answered
 * after it, in order.
 */
import { maxHeaderSize } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { rawConnect, statusLines } from "./support/raw-http.js";

interface RawResponse {
	status: string;
	headers: Map<string, string>;
	body: unknown;
}

/** The first response in `text`: status line, headers (lower-case names), JSON body. */
function firstResponse(text: string): RawResponse {
	const end = text.indexOf("\r\n\r\n");
	expect(end, `no complete response head in ${JSON.stringify(text)}`).toBeGreaterThan(0);
	const [status = "", ...lines] = text.slice(0, end).split("\r\n");
	const headers = new Map(
		lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
	);
	const length = Number(headers.get("content-length"));
	return { status, headers, body: JSON.parse(text.slice(end + 4, end + 4 + length)) };
}

async function send(url: string, bytes: string | Uint8Array): Promise<string> {
	const connection = await rawConnect(url);
	connection.write(bytes);
	return await connection.closed;
}

describe("requests the HTTP layer refuses", () => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let server: Listening;
	beforeAll(async () => {
		testDb = await startTestDatabase("sqlite");
		hub = await openTestHub(testDb.config);
		server = await listen(hub.app);
	});
	afterAll(async () => {
		await server.close();
		await hub.close();
		await testDb.cleanup();
	});

	it("answers raw non-ASCII bytes in the path with a JSON 400", async () => {
		const request = Buffer.concat([
			Buffer.from("GET /api/models/caf"),
			Buffer.from([0xc3, 0xa9]),
			Buffer.from(" HTTP/1.1\r\nHost: hub\r\n\r\n"),
		]);
		const response = firstResponse(await send(server.url, request));
		expect(response.status).toBe("HTTP/1.1 400 Bad Request");
		expect(response.headers.get("content-type")).toBe("application/json");
		expect(response.headers.get("connection")).toBe("close");
		expect(response.body).toEqual({ error: "Malformed HTTP request: Invalid char in url path" });
	});

	it("answers an HTTP/1.1 request without Host with a JSON 400, and still serves HTTP/1.0 without one", async () => {
		const response = firstResponse(await send(server.url, "GET /api/tasks HTTP/1.1\r\n\r\n"));
		expect(response.status).toBe("HTTP/1.1 400 Bad Request");
		expect(response.body).toEqual({ error: "Bad request: HTTP/1.1 requests need a Host header" });
		expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);

		const old = await send(server.url, "GET /api/whoami-v2 HTTP/1.0\r\n\r\n");
		expect(statusLines(old)).toEqual(["HTTP/1.1 401 Unauthorized"]);
	});

	it("answers headers over Node's limit with a JSON 431", async () => {
		const big = "a".repeat(maxHeaderSize + 1024);
		const response = firstResponse(
			await send(server.url, `GET /api/tasks HTTP/1.1\r\nHost: hub\r\nX-Big: ${big}\r\n\r\n`),
		);
		expect(response.status).toBe("HTTP/1.1 431 Request Header Fields Too Large");
		expect(response.body).toEqual({ error: `Request headers larger than ${maxHeaderSize} bytes` });
	});

	it("answers Transfer-Encoding together with Content-Length with a JSON 400", async () => {
		const response = firstResponse(
			await send(
				server.url,
				"POST /api/models HTTP/1.1\r\nHost: hub\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n",
			),
		);
		expect(response.status).toBe("HTTP/1.1 400 Bad Request");
		expect(response.body).toEqual({
			error: "Malformed HTTP request: Content-Length can't be present with Transfer-Encoding",
		});
	});

	it("answers a refused request after the good one pipelined before it", async () => {
		const text = await send(
			server.url,
			Buffer.concat([
				Buffer.from("GET /healthz HTTP/1.1\r\nHost: hub\r\n\r\nGET /caf"),
				Buffer.from([0xc3, 0xa9]),
				Buffer.from(" HTTP/1.1\r\nHost: hub\r\n\r\n"),
			]),
		);
		expect(statusLines(text)).toEqual(["HTTP/1.1 200 OK", "HTTP/1.1 400 Bad Request"]);
		expect(text.endsWith('{"error":"Malformed HTTP request: Invalid char in url path"}')).toBe(true);
	});
});
