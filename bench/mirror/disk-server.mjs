/**
 * The raw limit of a cached mirror download: a bare node:http server, in its own process like
 * the hub, streaming the file named by argv[2] from disk whatever the path asked. Prints
 * `listening on URL` once ready.
 */
import { createReadStream, statSync } from "node:fs";
import { createServer } from "node:http";

const path = process.argv[2];
const server = createServer((_request, response) => {
	response.writeHead(200, { "content-type": "application/octet-stream", "content-length": statSync(path).size });
	createReadStream(path).pipe(response);
});
server.listen(0, "127.0.0.1", () => {
	console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
