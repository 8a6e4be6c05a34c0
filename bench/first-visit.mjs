#!/usr/bin/env node
/**
 * The first visit after start: hub + site started as `npm start` starts them (a fresh data
 * directory each time), then a fresh headless Chromium opens the home page at once. Measured
 * with the start-up warm-up (scripts/lib/site.mjs, warmSite) and without it, alternating, in
 * `--rounds` rounds: how long the start took until the URL would be printed (and the warm-up's
 * share of it), and the first visit's time to the load event and to network idle (the links'
 * prefetches done).
 *
 *   npm run build && node bench/first-visit.mjs [--rounds 3]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { freePort, startSite } from "../scripts/lib/site.mjs";
import { buildWebIfChanged } from "../scripts/lib/web-build.mjs";
import { format, headerLine, median, option } from "./lib/harness.mjs";

const rounds = option("rounds", 3);

async function firstVisit(warm) {
	const dataDir = mkdtempSync(join(tmpdir(), "hubkit-bench-first-visit-"));
	const hubPort = await freePort();
	const started = performance.now();
	const site = await startSite({ hubPort, hubArgs: ["--port", String(hubPort), "--data", dataDir], warm });
	const startMs = performance.now() - started;
	const browser = await chromium.launch({
		executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
		args: ["--headless", "--no-sandbox", "--disable-gpu"],
	});
	try {
		const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
		const opened = performance.now();
		await page.goto(`${site.url}/`, { waitUntil: "load", timeout: 120_000 });
		const loadMs = performance.now() - opened;
		await page.waitForLoadState("networkidle", { timeout: 120_000 });
		return { startMs, warmMs: site.warmMs, loadMs, idleMs: performance.now() - opened };
	} finally {
		await browser.close();
		await site.stop();
		rmSync(dataDir, { recursive: true, force: true });
	}
}

console.log(headerLine("first visit after start"));
console.log(`load average at the start: ${loadavg()[0].toFixed(2)}`);
await buildWebIfChanged({ log: (line) => console.log(line) });
const runs = { cold: [], warmed: [] };
for (let round = 0; round < rounds; round++) {
	for (const warm of round % 2 === 0 ? [false, true] : [true, false]) {
		const run = await firstVisit(warm);
		runs[warm ? "warmed" : "cold"].push(run);
		console.log(
			`round ${round + 1} ${warm ? "warmed" : "cold  "}: start ${format(run.startMs)} ms (warm-up ${format(run.warmMs)} ms), load ${format(run.loadMs)} ms, network idle ${format(run.idleMs)} ms`,
		);
	}
}
for (const [name, list] of Object.entries(runs)) {
	const of = (key) => format(median(list.map((run) => run[key])));
	console.log(
		`${name} (median of ${list.length}): start ${of("startMs")} ms (warm-up ${of("warmMs")} ms), first visit load ${of("loadMs")} ms, network idle ${of("idleMs")} ms`,
	);
}
console.log(`load average at the end: ${loadavg()[0].toFixed(2)}`);
