/**
 * The runtime's real worker, plus a way for tests to kill it mid-call: a run
 * whose body contains CRASH_THROW dies of an uncaught error, one containing
 * CRASH_EXIT exits. The real worker has just started on the call (its work is
 * asynchronous) when this listener, added after it, ends the thread. Plain JS:
 * workers load built files.
 */
import { parentPort } from "node:worker_threads";
import "@hubkit/runtime/worker";

// The same strings are in test/local-runtime-workers.test.ts (which must not import this file).
const CRASH_THROW = "crash the worker with an uncaught error";
const CRASH_EXIT = "crash the worker with an exit";

parentPort?.on("message", (message) => {
	if (message.type !== "call" || !(message.call.body instanceof Uint8Array)) return;
	const text = new TextDecoder().decode(message.call.body);
	if (text.includes(CRASH_THROW)) throw new Error("the test worker crashed on purpose");
	if (text.includes(CRASH_EXIT)) process.exit(3);
});
