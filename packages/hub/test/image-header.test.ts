import { describe, expect, it } from "vitest";
import { readImageHeader } from "../src/services/image-header.js";
import { gifHeader, jpegHeader, solidPng, webpLosslessHeader, webpLossyHeader } from "./support/images.js";

describe("readImageHeader", () => {
	it("reads the type and size of each of the four formats from their bytes", () => {
		expect(readImageHeader(solidPng(40, 33))).toEqual({ type: "image/png", width: 40, height: 33 });
		expect(readImageHeader(gifHeader(64, 48))).toEqual({ type: "image/gif", width: 64, height: 48 });
		expect(readImageHeader(jpegHeader(300, 200))).toEqual({ type: "image/jpeg", width: 300, height: 200 });
		expect(readImageHeader(webpLosslessHeader(129, 65))).toEqual({ type: "image/webp", width: 129, height: 65 });
		expect(readImageHeader(webpLossyHeader(77, 99))).toEqual({ type: "image/webp", width: 77, height: 99 });
	});

	it("refuses a format's signature without the header behind it, and what is no image", () => {
		const fakePng = Buffer.concat([solidPng(64, 64).subarray(0, 8), Buffer.from("<script>alert(1)</script>, padded")]);
		expect(readImageHeader(fakePng)).toBeUndefined();
		expect(readImageHeader(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeUndefined();
		expect(readImageHeader(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeUndefined();
		expect(readImageHeader(new Uint8Array(0))).toBeUndefined();
	});
});
