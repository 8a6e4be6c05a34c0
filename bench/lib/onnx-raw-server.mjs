/**
 * The raw limit for the local-runtime benchmark: a bare node:http server, in
 * its own process like the hub, that runs the sample sentiment model with the
 * very same pieces the runtime uses (tokenizer, onnxruntime session, scoring)
 * and nothing else: no routing, no token check, no database, no file store.
 * Prints `listening on URL` once ready.
 */
import { createServer } from "node:http";

const dist = new URL("../../packages/hub/dist/", import.meta.url);
const { tinySentiment } = await import(new URL("seed/catalogue/local-models.js", dist).href);
const { createSession } = await import(new URL("runtime/onnx-session.js", dist).href);
const { WordPieceTokenizer } = await import(new URL("runtime/wordpiece.js", dist).href);
const { classify, parseClassificationRequest } = await import(new URL("runtime/text-classification.js", dist).href);

const files = tinySentiment().files;
const file = (path) => files.find((entry) => entry.path === path).content;
const model = {
	id: "raw",
	session: await createSession(file("onnx/model.onnx"), "the sample model"),
	tokenizer: new WordPieceTokenizer(JSON.parse(file("tokenizer.json"))),
	labels: ["NEGATIVE", "POSITIVE"],
	multiLabel: false,
};

const server = createServer((request, response) => {
	const chunks = [];
	request.on("data", (chunk) => chunks.push(chunk));
	request.on("end", async () => {
		const output = await classify(model, parseClassificationRequest(JSON.parse(Buffer.concat(chunks).toString())));
		const body = JSON.stringify(output);
		response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
		response.end(body);
	});
});
server.listen(0, "127.0.0.1", () => {
	console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
