/**
 * Git's pkt-line framing (gitprotocol-common, gitprotocol-v2) and side-band-64k
 * (gitprotocol-pack): every packet starts with its whole length as four hex digits, the four
 * included; 0000 is a flush, 0001 a delimiter, 0002 a response end (v2) and nothing else below 4.
 */
import { ByteSource, concat } from "./byte-source.js";
import { GitFormatError } from "./format-error.js";

/** The longest packet, its four length digits included. */
export const MAX_PKT_LENGTH = 65520;
/** The most data one packet carries. */
export const MAX_PKT_DATA = MAX_PKT_LENGTH - 4;

export type Packet =
	| { kind: "data"; data: Uint8Array }
	| { kind: "flush" }
	| { kind: "delim" }
	| { kind: "response-end" };

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export const FLUSH_PKT: Uint8Array = encoder.encode("0000");
export const DELIM_PKT: Uint8Array = encoder.encode("0001");
export const RESPONSE_END_PKT: Uint8Array = encoder.encode("0002");

/** One data packet; a string is sent as UTF-8 as it is (text lines carry their own "\n"). */
export function pktLine(data: Uint8Array | string): Uint8Array {
	const bytes = typeof data === "string" ? encoder.encode(data) : data;
	if (bytes.byteLength > MAX_PKT_DATA) {
		throw new GitFormatError("bad-pkt-line", `a packet carries at most ${MAX_PKT_DATA} bytes, not ${bytes.byteLength}`);
	}
	const packet = new Uint8Array(bytes.byteLength + 4);
	packet.set(encoder.encode((bytes.byteLength + 4).toString(16).padStart(4, "0")), 0);
	packet.set(bytes, 4);
	return packet;
}

/** Several packets as one buffer, for a short reply (an advertisement, an ls-refs answer). */
export function pktLines(packets: readonly (Uint8Array | string | Packet)[]): Uint8Array {
	return concat(packets.map((packet) => (isPacket(packet) ? encodePacket(packet) : pktLine(packet))));
}

function isPacket(value: Uint8Array | string | Packet): value is Packet {
	return typeof value === "object" && "kind" in value;
}

export function encodePacket(packet: Packet): Uint8Array {
	switch (packet.kind) {
		case "data":
			return pktLine(packet.data);
		case "flush":
			return FLUSH_PKT;
		case "delim":
			return DELIM_PKT;
		case "response-end":
			return RESPONSE_END_PKT;
	}
}

/** A data packet's text without its trailing "\n" (git sends text lines with one, and must accept them without). */
export function packetText(packet: Packet): string | undefined {
	if (packet.kind !== "data") return undefined;
	const text = decoder.decode(packet.data);
	return text.endsWith("\n") ? text.slice(0, -1) : text;
}

/**
 * The packets of a stream, read as they arrive; holds one packet at a time. A bad length
 * (not hex, 0003, past MAX_PKT_LENGTH) or a stream cut inside a packet is a GitFormatError.
 */
export async function* readPktLines(source: AsyncIterable<Uint8Array> | ByteSource): AsyncGenerator<Packet> {
	const bytes = source instanceof ByteSource ? source : new ByteSource(source);
	while (!(await bytes.atEnd())) {
		const packet = await readPacket(bytes);
		yield packet;
	}
}

/** The next packet of a ByteSource (for a reader that switches to raw bytes, as receive-pack does before the pack). */
export async function readPacket(bytes: ByteSource): Promise<Packet> {
	const at = bytes.position;
	const digits = decoder.decode(await bytes.read(4, "a pkt-line length"));
	if (!/^[0-9a-fA-F]{4}$/.test(digits)) {
		throw new GitFormatError("bad-pkt-line", `a pkt-line length must be four hex digits (at byte ${at})`);
	}
	const length = Number.parseInt(digits, 16);
	if (length === 0) return { kind: "flush" };
	if (length === 1) return { kind: "delim" };
	if (length === 2) return { kind: "response-end" };
	if (length < 4 || length > MAX_PKT_LENGTH) {
		throw new GitFormatError("bad-pkt-line", `pkt-line length ${length} is out of range (at byte ${at})`);
	}
	return { kind: "data", data: await bytes.read(length - 4, "a pkt-line") };
}

/** The side-band-64k channels: the pack, progress text for the user, and a fatal error. */
export const SIDE_BAND = { data: 1, progress: 2, error: 3 } as const;
export type SideBandChannel = (typeof SIDE_BAND)[keyof typeof SIDE_BAND];
/** What one side-band packet carries after its channel byte. */
export const MAX_SIDE_BAND_DATA = MAX_PKT_DATA - 1;

/** `data` on one channel, as as many packets as it takes. */
export function* sideBandPackets(channel: SideBandChannel, data: Uint8Array | string): Generator<Uint8Array> {
	const bytes = typeof data === "string" ? encoder.encode(data) : data;
	for (let offset = 0; offset < bytes.byteLength; offset += MAX_SIDE_BAND_DATA) {
		const part = bytes.subarray(offset, offset + MAX_SIDE_BAND_DATA);
		const framed = new Uint8Array(part.byteLength + 1);
		framed[0] = channel;
		framed.set(part, 1);
		yield pktLine(framed);
	}
}

/** A byte stream (a pack being written) framed on channel 1, chunk by chunk as it comes. */
export async function* sideBandStream(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
	for await (const chunk of source) yield* sideBandPackets(SIDE_BAND.data, chunk);
}

/** A side-band packet's channel and data. */
export function parseSideBand(packet: Packet): { channel: SideBandChannel; data: Uint8Array } {
	const channel = packet.kind === "data" ? packet.data[0] : undefined;
	if (channel !== 1 && channel !== 2 && channel !== 3) {
		throw new GitFormatError(
			"bad-pkt-line",
			`a side-band packet names channel 1, 2 or 3, not ${channel ?? packet.kind}`,
		);
	}
	return { channel, data: (packet as { data: Uint8Array }).data.subarray(1) };
}
