import { describe, expect, it } from "vitest";
import {
	closeAfterEach,
	type FakeProvider,
	fakeProvider,
	serveRouter,
	togetherDeps,
	userHeaders,
} from "./router-fakes.js";

const track = closeAfterEach();

async function togetherRouter(provider: FakeProvider) {
	return track(serveRouter(togetherDeps(provider)));
}

describe("streaming", () => {
	it("delivers the first server-sent event before the provider has finished", async () => {
		let finish: () => void = () => {};
		const finished = new Promise<void>((resolve) => {
			finish = resolve;
		});
		const provider = await track(
			fakeProvider((_request, response) => {
				response.writeHead(200, { "content-type": "text/event-stream" });
				response.write('data: {"n":1}\n\n');
				// The rest only comes once the test has seen the first event at the client.
				void finished.then(() => response.end('data: {"n":2}\n\ndata: [DONE]\n\n'));
			}),
		);
		const router = await togetherRouter(provider);
		const response = await fetch(`${router.url}/together/v1/chat/completions`, {
			method: "POST",
			headers: userHeaders({ "content-type": "application/json" }),
			body: JSON.stringify({ stream: true }),
		});
		expect(response.headers.get("content-type")).toBe("text/event-stream");
		const reader = (response.body as ReadableStream<Uint8Array>).getReader();
		const decoder = new TextDecoder();
		const first = await reader.read();
		expect(decoder.decode(first.value)).toBe('data: {"n":1}\n\n');
		finish();
		let rest = "";
		for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
			rest += decoder.decode(chunk.value, { stream: true });
		}
		expect(rest).toBe('data: {"n":2}\n\ndata: [DONE]\n\n');
	});

	it("closes the upstream request when the client goes away", async () => {
		let upstreamClosed: () => void = () => {};
		const closed = new Promise<void>((resolve) => {
			upstreamClosed = resolve;
		});
		const provider = await track(
			fakeProvider((_request, response) => {
				response.on("close", () => upstreamClosed());
				response.writeHead(200, { "content-type": "text/event-stream" });
				response.write("data: first\n\n");
				// Never ends by itself: only the client's leaving can close it.
			}),
		);
		const router = await togetherRouter(provider);
		const controller = new AbortController();
		const response = await fetch(`${router.url}/together/v1/chat/completions`, {
			method: "POST",
			headers: userHeaders(),
			body: "{}",
			signal: controller.signal,
		});
		const reader = (response.body as ReadableStream<Uint8Array>).getReader();
		await reader.read();
		controller.abort();
		await closed;
		expect(provider.received).toHaveLength(1);
	});
});
