/**
 * One request to a provider, with a deadline per phase: connecting (TCP and
 * TLS), waiting for the answer's first byte once the request is sent, and
 * silence between two pieces of the body. There is no overall cap, so a long
 * stream that keeps talking is never cut. Built on node:http rather than fetch
 * because fetch cannot tell connecting from waiting.
 *
 * The body comes back decoded (gzip, deflate, br): a body that fails to decode
 * errors its stream, which the caller turns into a 502 or an SSE error event.
 */
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { Socket } from "node:net";
import { Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";

export interface UpstreamTimeouts {
	/** TCP connect and TLS handshake. */
	connectMs: number;
	/** From the request fully sent to the first byte of the answer. */
	firstByteMs: number;
	/** Longest silence between two pieces of the answer's body. */
	idleMs: number;
}

export const DEFAULT_UPSTREAM_TIMEOUTS: UpstreamTimeouts = {
	connectMs: 10_000,
	// Image and video calls, and Replicate's `Prefer: wait`, answer only when done.
	firstByteMs: 300_000,
	idleMs: 120_000,
};

export type UpstreamFailure = "connect-timeout" | "first-byte-timeout" | "idle-timeout" | "unreachable" | "undecodable";

/** Why a provider call failed, without a URL or header in it (those may carry keys). */
export class UpstreamError extends Error {
	constructor(
		readonly failure: UpstreamFailure,
		/** A short code for logs (ECONNREFUSED, Z_DATA_ERROR …). */
		readonly detail: string,
	) {
		super(`upstream ${failure} (${detail})`);
		this.name = "UpstreamError";
	}

	get timedOut(): boolean {
		return this.failure.endsWith("-timeout");
	}
}

export interface UpstreamRequest {
	method: string;
	headers: Headers;
	body: Uint8Array | undefined;
	signal: AbortSignal;
}

export interface UpstreamResponse {
	status: number;
	statusText: string;
	headers: Headers;
	/** Decoded; read errors go through `upstreamFailure`. */
	body: ReadableStream<Uint8Array>;
}

/** Sends the request; resolves once the answer's status and headers are in. */
export function sendUpstream(
	url: string,
	init: UpstreamRequest,
	timeouts: UpstreamTimeouts = DEFAULT_UPSTREAM_TIMEOUTS,
): Promise<UpstreamResponse> {
	const target = new URL(url);
	const secure = target.protocol === "https:";
	return new Promise((resolve, reject) => {
		let timer: NodeJS.Timeout | undefined;
		const arm = (failure: UpstreamFailure, ms: number) => {
			clearTimeout(timer);
			timer = setTimeout(() => request.destroy(new UpstreamError(failure, `${ms} ms`)), ms);
		};
		const request = (secure ? httpsRequest : httpRequest)(target, {
			method: init.method,
			headers: Object.fromEntries(init.headers),
			signal: init.signal,
			// A fresh connection per call, so the connect phase is always seen (and timed).
			agent: false,
		});
		let connected = false;
		arm("connect-timeout", timeouts.connectMs);
		request.once("socket", (socket: Socket) => {
			socket.once(secure ? "secureConnect" : "connect", () => {
				connected = true;
				arm("first-byte-timeout", timeouts.firstByteMs);
			});
		});
		// The provider's wait starts once it has the whole request (a large body takes a while to send).
		request.once("finish", () => {
			if (connected) arm("first-byte-timeout", timeouts.firstByteMs);
		});
		request.once("response", (response: IncomingMessage) => {
			clearTimeout(timer);
			const decoded = decodedBody(response, timeouts.idleMs);
			if (decoded instanceof UpstreamError) {
				response.destroy();
				reject(decoded);
				return;
			}
			resolve({
				status: response.statusCode ?? 502,
				statusText: response.statusMessage ?? "",
				headers: responseHeaders(response),
				body: Readable.toWeb(decoded) as ReadableStream<Uint8Array>,
			});
		});
		request.once("error", (error) => {
			clearTimeout(timer);
			reject(
				error instanceof UpstreamError || init.signal.aborted ? error : new UpstreamError("unreachable", code(error)),
			);
		});
		request.end(init.body);
	});
}

/** The body as a byte stream, decoded, with the idle deadline; an encoding we cannot read is an error. */
function decodedBody(response: IncomingMessage, idleMs: number): Readable | UpstreamError {
	const encoding = (response.headers["content-encoding"] ?? "identity").trim().toLowerCase();
	const decoder =
		encoding === "gzip" || encoding === "x-gzip"
			? createGunzip()
			: encoding === "deflate"
				? createInflate()
				: encoding === "br"
					? createBrotliDecompress()
					: undefined;
	if (!decoder && encoding !== "identity" && encoding !== "") {
		return new UpstreamError("undecodable", `content-encoding ${encoding.slice(0, 40)}`);
	}
	// Node's socket timeout is exactly "no byte for idleMs".
	response.setTimeout(idleMs, () => response.destroy(new UpstreamError("idle-timeout", `${idleMs} ms`)));
	if (!decoder) return response;
	response.on("error", (error) => decoder.destroy(error));
	decoder.on("close", () => response.destroy());
	return response.pipe(decoder);
}

/**
 * What went wrong while reading a provider's body, as an UpstreamError: our own
 * deadlines come as they are, zlib's complaints mean the provider's encoding is
 * broken, and anything else (a reset) means the provider went away.
 */
export function upstreamFailure(error: unknown): UpstreamError {
	if (error instanceof UpstreamError) return error;
	const detail = code(error);
	return new UpstreamError(/^(Z_|ERR_ZLIB|ERR_BROTLI)/.test(detail) ? "undecodable" : "unreachable", detail);
}

/** Node's header object as Headers; a decoded body's encoding and length no longer describe it. */
function responseHeaders(response: IncomingMessage): Headers {
	const headers = new Headers();
	const decoded = response.headers["content-encoding"] !== undefined;
	for (const [name, value] of Object.entries(response.headers)) {
		if (value === undefined) continue;
		if (decoded && (name === "content-encoding" || name === "content-length")) continue;
		for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
	}
	return headers;
}

/** A short, secret-free reason (ECONNREFUSED, Z_DATA_ERROR …). */
function code(error: unknown): string {
	const value = (error as { code?: unknown } | undefined)?.code;
	if (typeof value === "string") return value;
	return error instanceof Error ? error.name : "unknown error";
}
