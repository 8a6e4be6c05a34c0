import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FilesHub, startFilesHub } from "./files-fixture.js";
import { ENGINES } from "./support/engines.js";

const SECRET = "TOP-SECRET-0f9e8d7c";

/** A GET with the path sent byte for byte as written (fetch would normalise `..` and `\`). */
function rawGet(
	base: string,
	path: string,
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
	const { hostname, port } = new URL(base);
	return new Promise((resolve, reject) => {
		const outgoing = request({ hostname, port, path, method: "GET" }, (response) => {
			let body = "";
			response.setEncoding("utf8");
			response.on("data", (chunk: string) => {
				body += chunk;
			});
			response.on("end", () => resolve({ status: response.statusCode ?? 0, body, headers: response.headers }));
		});
		outgoing.on("error", reject);
		outgoing.end();
	});
}

describe.each(ENGINES)("file routes never serve anything outside the store on %s", (engine) => {
	let files: FilesHub;
	// A file outside the data the hub owns, that a traversal would aim for (made now: the cases name its path).
	const secretDirectory = mkdtempSync(join(tmpdir(), "hubkit-secret-"));
	const secretPath = join(secretDirectory, "secret.txt");
	writeFileSync(secretPath, SECRET);

	beforeAll(async () => {
		files = await startFilesHub(engine, [{ id: "acme/tiny", commits: [{ "config.json": "{}" }] }]);
		writeFileSync(join(files.storeRoot, "secret.txt"), SECRET);
	});
	afterAll(async () => {
		await files?.close();
		rmSync(secretDirectory, { recursive: true, force: true });
	});

	const up = "../".repeat(12);
	const encodedUp = "..%2f".repeat(12);
	const secretFromRoot = secretPath.replace(/^\//, "");
	const blobOfConfig = createHash("sha256").update("{}").digest("hex");

	const attempts: Array<[string, string]> = [
		["raw ..", `/acme/tiny/resolve/main/${up}${secretFromRoot}`],
		["..%2f", `/acme/tiny/resolve/main/${encodedUp}${secretFromRoot.replaceAll("/", "%2f")}`],
		["%2e%2e segments", `/acme/tiny/resolve/main/${"%2e%2e/".repeat(12)}${secretFromRoot}`],
		["%2e%2e%2f", `/acme/tiny/resolve/main/${"%2e%2e%2f".repeat(12)}${secretFromRoot}`],
		["double-encoded", `/acme/tiny/resolve/main/${"%252e%252e%252f".repeat(12)}${secretFromRoot}`],
		["%5c", `/acme/tiny/resolve/main/${"..%5c".repeat(12)}${secretFromRoot}`],
		["absolute, encoded", `/acme/tiny/resolve/main/%2F${secretFromRoot.replaceAll("/", "%2F")}`],
		["absolute, doubled slash", `/acme/tiny/resolve/main//${secretFromRoot}`],
		["NUL", "/acme/tiny/resolve/main/config.json%00/../secret.txt"],
		["store-relative", "/acme/tiny/resolve/main/secret.txt"],
		["blob path", `/acme/tiny/resolve/main/blobs/${blobOfConfig.slice(0, 2)}/${blobOfConfig.slice(2)}`],
		["traversal in the revision", `/acme/tiny/resolve/..%2F..%2F..%2Fsecret.txt/config.json`],
		["traversal in the id", "/..%2F..%2F/tiny/resolve/main/secret.txt"],
		["tree traversal", `/api/models/acme/tiny/tree/main/${encodedUp}`],
		["raw tree traversal", `/api/models/acme/tiny/tree/main/${up}`],
		["overlong path", `/acme/tiny/resolve/main/${"a/".repeat(600)}x`],
		["overlong id", `/${"a".repeat(200)}/tiny/resolve/main/config.json`],
		["overlong revision", `/acme/tiny/resolve/${"r".repeat(300)}/config.json`],
	];

	it.each(attempts)("%s: a JSON 400/404 without the secret", async (_name, path) => {
		const response = await rawGet(files.url, path);
		expect([400, 401, 404]).toContain(response.status);
		expect(response.body).not.toContain(SECRET);
		expect(response.body).not.toContain("root:");
		expect(response.body).not.toContain("    at ");
		expect(JSON.parse(response.body)).toEqual({ error: expect.any(String) });
	});

	it("raw backslashes: refused with a JSON 400 by the HTTP layer before the app runs", async () => {
		const response = await rawGet(files.url, `/acme/tiny/resolve/main/${"..\\".repeat(12)}${secretFromRoot}`);
		expect(response.status).toBe(400);
		expect(response.body).not.toContain(SECRET);
		expect(JSON.parse(response.body)).toEqual({ error: expect.stringContaining("Backslash") });
	});

	it("answers the checks that belong to the file routes with 400, naming the problem", async () => {
		for (const [path, message] of [
			[`/acme/tiny/resolve/main/${"a/".repeat(600)}x`, "Path longer than"],
			[`/${"a".repeat(200)}/tiny/resolve/main/config.json`, "at most 96"],
			[`/acme/tiny/resolve/${"r".repeat(300)}/config.json`, "Revision longer than"],
			["/acme/tiny/resolve/main/a%2F%2Fb", "non-empty"],
		] as const) {
			const response = await rawGet(files.url, path);
			expect(response.status, path).toBe(400);
			expect(JSON.parse(response.body).error).toContain(message);
		}
	});

	it("still serves the file those attempts were built around", async () => {
		const response = await rawGet(files.url, "/acme/tiny/resolve/main/config.json");
		expect(response.status).toBe(200);
		expect(response.body).toBe("{}");
	});
});
