/**
 * Git's delta encoding (gitformat-pack, "Deltified representation"): the base's size and the
 * result's size as little-endian base-128 numbers, then instructions that either copy a range of
 * the base (high bit set; the low seven bits say which offset and size bytes follow) or insert
 * the next 1 to 127 bytes of the delta. Instruction byte 0 is reserved.
 */
import { constants } from "node:buffer";
import { GitFormatError } from "./format-error.js";

const MAX_LENGTH = constants.MAX_LENGTH;

/**
 * The object `delta` makes of `base`. Any instruction that reads or writes past an end is a
 * `bad-delta`; a result over `maxBytes` is `too-large` before anything is allocated.
 */
export function applyDelta(base: Uint8Array, delta: Uint8Array, maxBytes = MAX_LENGTH): Uint8Array {
	let at = 0;
	const next = (): number => {
		const byte = delta[at++];
		if (byte === undefined) throw bad("ends inside an instruction");
		return byte;
	};
	const size = (): number => {
		let value = 0;
		let scale = 1;
		let byte: number;
		do {
			byte = next();
			value += (byte & 0x7f) * scale;
			scale *= 128;
		} while (byte & 0x80);
		return value;
	};
	const baseSize = size();
	if (baseSize !== base.byteLength) throw bad(`names a base of ${baseSize} bytes, not ${base.byteLength}`);
	const resultSize = size();
	if (resultSize > maxBytes) {
		throw new GitFormatError("too-large", `a delta makes ${resultSize} bytes, more than the ${maxBytes} allowed`);
	}
	const out = new Uint8Array(resultSize);
	let written = 0;
	while (at < delta.byteLength) {
		const op = next();
		if (op & 0x80) {
			let offset = 0;
			let length = 0;
			for (let i = 0; i < 4; i++) if (op & (1 << i)) offset += next() * 2 ** (8 * i);
			for (let i = 0; i < 3; i++) if (op & (0x10 << i)) length += next() * 2 ** (8 * i);
			if (length === 0) length = 0x10000;
			if (offset + length > base.byteLength) throw bad(`copies past the end of its ${base.byteLength}-byte base`);
			if (written + length > out.byteLength) throw bad("writes past the size it declares");
			out.set(base.subarray(offset, offset + length), written);
			written += length;
		} else if (op !== 0) {
			if (at + op > delta.byteLength) throw bad("ends inside inserted data");
			if (written + op > out.byteLength) throw bad("writes past the size it declares");
			out.set(delta.subarray(at, at + op), written);
			at += op;
			written += op;
		} else {
			throw bad("uses the reserved instruction 0");
		}
	}
	if (written !== out.byteLength) throw bad(`writes ${written} bytes, not the ${out.byteLength} it declares`);
	return out;
}

function bad(what: string): GitFormatError {
	return new GitFormatError("bad-delta", `a delta ${what}`);
}
