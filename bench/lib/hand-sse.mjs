/**
 * The raw limit for reading a completion stream: the least a parser can do and
 * still be correct on a well-formed stream that uses LF line ends. TextDecoder
 * in stream mode, a string buffer, indexOf("\n\n"), strip "data: ", stop at
 * [DONE], JSON.parse. It yields parsed chunks through an async generator, the
 * same shape the clients offer, so the comparison is about parsing, not API
 * shape. No CR/CRLF, comments, multi-line data, event names or error events:
 * everything a real client must also handle costs extra.
 */
export async function* handParse(stream) {
	const decoder = new TextDecoder();
	const reader = stream.getReader();
	let buffer = "";
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			buffer += decoder.decode(value, { stream: true });
			let start = 0;
			for (let end = buffer.indexOf("\n\n"); end !== -1; end = buffer.indexOf("\n\n", start)) {
				// "data: " is 6 characters.
				const data = buffer.slice(start + 6, end);
				start = end + 2;
				if (data === "[DONE]") return;
				yield JSON.parse(data);
			}
			buffer = buffer.slice(start);
		}
	} finally {
		reader.releaseLock();
	}
	throw new Error("stream ended before [DONE]");
}
