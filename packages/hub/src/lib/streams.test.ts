import { describe, expect, it } from "vitest";
import { readLimitedBody, readStreamLimited } from "./streams.js";

function streamed(parts: string[]): Request {
	const body = new ReadableStream<Uint8Array>({
		start(controller) {
			for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
			controller.close();
		},
	});
	return new Request("http://hub.test/x", { method: "POST", body, duplex: "half" } as RequestInit);
}

describe("readLimitedBody", () => {
	it("joins a streamed body up to the limit", async () => {
		const body = await readLimitedBody(streamed(["ab", "cd", "e"]), 5);
		expect(new TextDecoder().decode(body as Uint8Array)).toBe("abcde");
	});

	it("stops at the first byte over the limit, declared or not", async () => {
		expect(await readLimitedBody(streamed(["abc", "def"]), 5)).toBe("too-large");
		const declared = new Request("http://hub.test/x", {
			method: "POST",
			headers: { "content-length": "6" },
			body: "abcdef",
		});
		expect(await readLimitedBody(declared, 5)).toBe("too-large");
	});
});

describe("readStreamLimited", () => {
	it("reads a stream whole up to the limit and gives up past it", async () => {
		const stream = () => streamed(["ab", "cd"]).body as ReadableStream<Uint8Array>;
		expect(new TextDecoder().decode((await readStreamLimited(stream(), 4)) as Uint8Array)).toBe("abcd");
		expect(await readStreamLimited(stream(), 3)).toBe("too-large");
	});
});
