/**
 * A provider's event stream, passed on chunk by chunk; if reading it fails (the
 * provider resets the connection, goes quiet past the idle deadline, or sends
 * an encoding that does not decode), the client's stream ends with an SSE
 * `error` event carrying the hub's JSON error instead of simply stopping, so a
 * client can tell a broken answer from a finished one.
 */
const encoder = new TextEncoder();

export function sseErrorGuard(
	upstream: ReadableStream<Uint8Array>,
	onError: (error: unknown) => { error: string },
): ReadableStream<Uint8Array> {
	const reader = upstream.getReader();
	return new ReadableStream<Uint8Array>({
		async pull(controller) {
			try {
				const { done, value } = await reader.read();
				if (done) controller.close();
				else controller.enqueue(value);
			} catch (error) {
				// A blank line first ends any event the provider left half-written.
				controller.enqueue(encoder.encode(`\n\nevent: error\ndata: ${JSON.stringify(onError(error))}\n\n`));
				controller.close();
			}
		},
		async cancel(reason) {
			await reader.cancel(reason);
		},
	});
}
