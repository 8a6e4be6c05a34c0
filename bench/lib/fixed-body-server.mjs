/**
 * The raw limit for the hub API benchmark: a bare node:http server, in its own
 * process like the hub, answering every request with the body read from the
 * file named by argv[2]. Prints `listening on URL` once ready.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const body = readFileSync(process.argv[2]);
const server = createServer((_request, response) => {
	response.writeHead(200, { "content-type": "application/json", "content-length": body.length });
	response.end(body);
});
server.listen(0, "127.0.0.1", () => {
	console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
