/**
 * The raw limit for the local-runtime benchmark: a bare node:http server, in
 * its own process like the hub, that runs the sample sentiment model with the
 * very same engine the runtime uses (transformers.js: tokenizer, onnxruntime
 * session, scoring) in its own thread and nothing else: no routing, no token
 * check, no database, no file store, no worker thread.
 * Prints `listening on URL` once ready.
 */
import { createServer } from "node:http";

const dist = new URL("../../packages/hub/dist/", import.meta.url);
const runtimeDist = new URL("../../packages/runtime/dist/", import.meta.url);
const { tinySentiment } = await import(new URL("seed/catalogue/local-models.js", dist).href);
const { memoryModelFiles } = await import(new URL("models.js", runtimeDist).href);
const { transformersEngine } = await import(new URL("index.js", runtimeDist).href);

const engine = transformersEngine("text-classification");
const model = await engine.load(memoryModelFiles("raw", tinySentiment().files), () => undefined);

const server = createServer((request, response) => {
	const chunks = [];
	request.on("data", (chunk) => chunks.push(chunk));
	request.on("end", async () => {
		const output = await engine.run(model, engine.parseRequest(JSON.parse(Buffer.concat(chunks).toString())));
		const body = JSON.stringify(output);
		response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
		response.end(body);
	});
});
server.listen(0, "127.0.0.1", () => {
	console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
