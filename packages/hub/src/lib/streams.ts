/** Bounded reads of a body or byte stream, for every layer that reads one whole (router, services, runtime). */

/**
 * The request body, at most `limit` bytes, or "too-large". Read whole so the
 * upstream request has a known length and an oversized body never leaves the hub.
 */
export async function readLimitedBody(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | "too-large"> {
	const declared = Number(request.headers.get("content-length"));
	if (Number.isFinite(declared) && declared > limit) return "too-large";
	if (!request.body) return new Uint8Array(0);
	return await readStreamLimited(request.body, limit);
}

/** A byte stream read whole, or "too-large" (the stream cancelled) once it passes `limit` bytes. */
export async function readStreamLimited(
	stream: ReadableStream<Uint8Array>,
	limit: number,
): Promise<Uint8Array<ArrayBuffer> | "too-large"> {
	const chunks: Uint8Array[] = [];
	let size = 0;
	const reader = stream.getReader();
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		size += value.byteLength;
		if (size > limit) {
			await reader.cancel();
			return "too-large";
		}
		chunks.push(value);
	}
	return concat(chunks, size);
}

function concat(chunks: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
	const body = new Uint8Array(size);
	let offset = 0;
	for (const chunk of chunks) {
		body.set(chunk, offset);
		offset += chunk.byteLength;
	}
	return body;
}
