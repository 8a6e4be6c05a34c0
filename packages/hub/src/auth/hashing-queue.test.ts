import { describe, expect, it } from "vitest";
import { HubError } from "../errors.js";
import { hashingQueue } from "./hashing-queue.js";

/** A job the test finishes by hand, recording when it started. */
function manualJob(started: string[], name: string) {
	let finish: () => void = () => {};
	const done = new Promise<string>((resolve) => {
		finish = () => resolve(name);
	});
	return {
		work: () => {
			started.push(name);
			return done;
		},
		finish: () => finish(),
	};
}

describe("hashingQueue", () => {
	it("runs one job at a time in arrival order, and a newcomer never overtakes the waiting ones", async () => {
		const queue = hashingQueue({ concurrency: 1, capacity: 4 });
		const started: string[] = [];
		const jobs = ["a", "b", "c"].map((name) => manualJob(started, name));
		const results = jobs.map((job) => queue.run(job.work));
		await Promise.resolve();
		expect(started).toEqual(["a"]);
		expect(queue.load).toEqual({ running: 1, waiting: 2, peakRunning: 1 });
		jobs[0]?.finish();
		await results[0];
		// A job arriving while b takes a's slot waits behind c.
		const late = manualJob(started, "late");
		const lateResult = queue.run(late.work);
		await new Promise((resolve) => setImmediate(resolve));
		expect(started).toEqual(["a", "b"]);
		jobs[1]?.finish();
		jobs[2]?.finish();
		late.finish();
		expect(await Promise.all([...results, lateResult])).toEqual(["a", "b", "c", "late"]);
		expect(started).toEqual(["a", "b", "c", "late"]);
		expect(queue.load).toEqual({ running: 0, waiting: 0, peakRunning: 1 });
	});

	it("refuses at once with a 503 and Retry-After when the waiting room is full, and frees a slot after a failure", async () => {
		const queue = hashingQueue({ concurrency: 1, capacity: 1 });
		const started: string[] = [];
		const first = manualJob(started, "first");
		const second = manualJob(started, "second");
		const running = queue.run(first.work);
		const waiting = queue.run(second.work);
		const refused = await queue.run(async () => "never").catch((error: unknown) => error);
		expect(refused).toBeInstanceOf(HubError);
		const error = refused as HubError;
		expect(error.status).toBe(503);
		expect(error.code).toBe("PasswordHashingBusy");
		expect(Number(error.headers["Retry-After"])).toBeGreaterThanOrEqual(1);
		expect(error.message).toMatch(/^Too many password checks at once: try again in \d+ s$/);
		first.finish();
		second.finish();
		await Promise.all([running, waiting]);
		await expect(queue.run(() => Promise.reject(new Error("scrypt failed")))).rejects.toThrow("scrypt failed");
		expect(await queue.run(async () => "after")).toBe("after");
		expect(queue.load.running).toBe(0);
	});
});
