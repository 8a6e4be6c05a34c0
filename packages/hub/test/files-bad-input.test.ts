/**
 * Bad input on the file routes, over real HTTP on both engines: malformed
 * `multipart/form-data` bodies to paths-info get a JSON 400 (never a 500 with a
 * stack in the log), and dot segments in any spelling are refused on the raw
 * request target, before the URL parser can resolve them to another file.
 */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHubApp } from "../src/app.js";
import { type FilesHub, startFilesHub } from "./files-fixture.js";
import { ENGINES } from "./support/engines.js";
import { type Listening, listen } from "./support/hub.js";

const B = "hubkitBoundary7MA4YWxk";

/** [what is wrong, Content-Type, body]: each one a body a broken or hostile client might send. */
const MALFORMED: Array<[string, string, string | Uint8Array]> = [
	[
		"no boundary parameter",
		"multipart/form-data",
		`--${B}\r\nContent-Disposition: form-data; name="paths"\r\n\r\nx\r\n--${B}--\r\n`,
	],
	["empty boundary", "multipart/form-data; boundary=", "--\r\n\r\n"],
	["empty body", `multipart/form-data; boundary=${B}`, ""],
	[
		"another boundary in the body",
		`multipart/form-data; boundary=${B}`,
		`--other\r\nContent-Disposition: form-data; name="paths"\r\n\r\nx\r\n--other--\r\n`,
	],
	[
		"no closing delimiter",
		`multipart/form-data; boundary=${B}`,
		`--${B}\r\nContent-Disposition: form-data; name="paths"\r\n\r\nconfig.json`,
	],
	["cut inside the part headers", `multipart/form-data; boundary=${B}`, `--${B}\r\nContent-Disposition: form-da`],
	[
		"part without Content-Disposition",
		`multipart/form-data; boundary=${B}`,
		`--${B}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${B}--\r\n`,
	],
	[
		"Content-Disposition without a name",
		`multipart/form-data; boundary=${B}`,
		`--${B}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${B}--\r\n`,
	],
	[
		"header line without a colon",
		`multipart/form-data; boundary=${B}`,
		`--${B}\r\nnot a header\r\n\r\nx\r\n--${B}--\r\n`,
	],
	[
		"no blank line after the headers",
		`multipart/form-data; boundary=${B}`,
		`--${B}\r\nContent-Disposition: form-data; name="paths"\r\nx\r\n--${B}--\r\n`,
	],
	["plain text", `multipart/form-data; boundary=${B}`, "paths=config.json&expand=true"],
	["JSON", `multipart/form-data; boundary=${B}`, JSON.stringify({ paths: ["config.json"] })],
	["binary noise", `multipart/form-data; boundary=${B}`, new Uint8Array([0, 255, 254, 13, 10, 45, 45, 0, 1, 2, 3])],
	[
		"an unquoted field name",
		`multipart/form-data; boundary=${B}`,
		`--${B}\r\nContent-Disposition: form-data; name=paths\r\n\r\nx\r\n--${B}--\r\n`,
	],
];

function multipart(fields: Array<[string, string]>): string {
	return `${fields
		.map(([name, value]) => `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
		.join("")}--${B}--\r\n`;
}

/** Sends `GET <target>` byte for byte (fetch would resolve dot segments before sending). */
function rawGet(base: string, target: string): Promise<{ status: number; body: string }> {
	const { hostname, port } = new URL(base);
	return new Promise((resolve, reject) => {
		const socket = connect(Number(port), hostname, () => {
			socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`);
		});
		let answer = "";
		socket.setEncoding("utf8");
		socket.on("data", (chunk: string) => {
			answer += chunk;
		});
		socket.on("error", reject);
		socket.on("end", () =>
			resolve({
				status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0),
				body: answer.slice(answer.indexOf("\r\n\r\n") + 4),
			}),
		);
	});
}

describe.each(ENGINES)("file routes refuse bad input on %s", (engine) => {
	let files: FilesHub;
	let server: Listening;
	const logged: string[] = [];

	beforeAll(async () => {
		files = await startFilesHub(engine, [
			{ id: "acme/tiny", commits: [{ "config.json": "{}", "onnx/model.onnx": "onnx bytes" }] },
		]);
		// The same hub with a logger that remembers: a 500 would leave its stack here.
		const app = createHubApp({
			...files.hub.deps,
			logger: {
				info: () => {},
				warn: (message) => logged.push(message),
				error: (message, error) => logged.push(`${message} ${String(error)}`),
			},
		});
		server = await listen(app);
	});
	afterAll(async () => {
		await server?.close();
		await files?.close();
	});

	const pathsInfo = (type: string, body: string | Uint8Array) =>
		fetch(`${server.url}/api/models/acme/tiny/paths-info/main`, {
			method: "POST",
			headers: { "Content-Type": type },
			body,
		});

	it.each(MALFORMED)("multipart with %s: a JSON 400, nothing logged", async (_what, type, body) => {
		logged.length = 0;
		const response = await pathsInfo(type, body);
		expect(response.status).toBe(400);
		const answer = (await response.json()) as { error: string };
		expect(answer).toEqual({ error: expect.any(String) });
		expect(answer.error).not.toContain("    at ");
		expect(logged).toEqual([]);
	});

	it("still reads well-formed multipart: repeated paths, expand", async () => {
		const response = await pathsInfo(
			`multipart/form-data; boundary=${B}`,
			multipart([
				["paths", "config.json"],
				["paths", "onnx/model.onnx"],
				["expand", "true"],
			]),
		);
		expect(response.status).toBe(200);
		const entries = (await response.json()) as { path: string; lastCommit?: unknown }[];
		expect(entries.map((entry) => entry.path)).toEqual(["config.json", "onnx/model.onnx"]);
		expect(entries[0]?.lastCommit).toBeDefined();
	});

	it("answers a file part where a path belongs with a 400", async () => {
		const body = `--${B}\r\nContent-Disposition: form-data; name="paths"; filename="x.txt"\r\nContent-Type: text/plain\r\n\r\nconfig.json\r\n--${B}--\r\n`;
		const response = await pathsInfo(`multipart/form-data; boundary=${B}`, body);
		expect(response.status).toBe(400);
		expect(await response.json()).toEqual({ error: "paths must be a list of strings" });
	});

	it.each([
		"/acme/tiny/resolve/main/onnx/%2e%2e/config.json",
		"/acme/tiny/resolve/main/onnx/%2E%2e/config.json",
		"/acme/tiny/resolve/main/onnx/../config.json",
		"/acme/tiny/resolve/main/./config.json",
		"/acme/tiny/raw/main/onnx/.%2e/config.json",
		"/api/models/acme/tiny/tree/main/onnx/%2e%2e",
	])("refuses %s with a 400 instead of serving the file it resolves to", async (target) => {
		const response = await rawGet(server.url, target);
		expect(response.status).toBe(400);
		expect(JSON.parse(response.body)).toEqual({ error: "Path segments '.' and '..' are not allowed" });
	});

	it("serves the same file by its plain path", async () => {
		const response = await rawGet(server.url, "/acme/tiny/resolve/main/config.json");
		expect(response.status).toBe(200);
		expect(response.body).toBe("{}");
	});
});
