/**
 * The raw limit for the upload benchmark: a bare node:http server, in its own process like the
 * hub, that takes every PUT the way the hub's LFS upload does at its core: the body streamed to a
 * unique temporary file under the directory named by argv[2] while its sha256 is computed, then
 * renamed to that sha256. No routing, no database, no checks. Prints `listening on URL` once ready.
 */
import { createHash, randomUUID } from "node:crypto";
import { createWriteStream, mkdirSync, renameSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";

const directory = process.argv[2];
mkdirSync(directory, { recursive: true });

const server = createServer(async (request, response) => {
	const temporary = join(directory, `upload.${randomUUID()}`);
	const hash = createHash("sha256");
	try {
		await pipeline(
			request,
			async function* hashing(chunks) {
				for await (const chunk of chunks) {
					hash.update(chunk);
					yield chunk;
				}
			},
			createWriteStream(temporary, { flags: "wx", mode: 0o600 }),
		);
		renameSync(temporary, join(directory, hash.digest("hex")));
		response.writeHead(200).end();
	} catch (error) {
		response.writeHead(500).end(String(error));
	}
});
server.listen(0, "127.0.0.1", () => {
	console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
