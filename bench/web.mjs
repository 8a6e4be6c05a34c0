#!/usr/bin/env node
/**
 * The site's speed on loopback, production build (`next build`, as `npm start` runs it):
 *   1. server render of /tasks/{task}, /models and /{owner}/{model}: p50/p95 latency and
 *      requests/s with autocannon at 1 and 16 connections, through the one origin (the hub
 *      forwarding to Next) and straight to the Next server; beside them the hub API's own
 *      answer for the same data (/api/tasks, /api/models?…, /api/models/{id}), the raw limit
 *      a page that reads it cannot beat;
 *   2. first-load JavaScript of each page kind: every script a fresh Chromium loads for the
 *      page, each gzipped here (level 6, what a server sends), summed (goal ≤ 150 KB);
 *   3. largest contentful paint in headless Chromium (PerformanceObserver), median of
 *      fresh loads (goal < 1 s).
 * The machine's load average is printed before and after: run it when `uptime` is low.
 *
 *   npm run build && node bench/web.mjs [--seconds 10] [--loads 5] [--pages-only]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { chromium } from "playwright-core";
import { freePort, startSite } from "../scripts/lib/site.mjs";
import { buildWebIfChanged } from "../scripts/lib/web-build.mjs";
import { format, headerLine, median, option } from "./lib/harness.mjs";

const seconds = option("seconds", 10);
const loads = option("loads", 5);
/** `--pages-only`: skip the autocannon part (JavaScript and paint figures only). */
const pagesOnly = process.argv.includes("--pages-only");

const TASK = "text-classification";
/** A person the run signs up, with a model and a dataset of their own, so their profile has cards. */
const PERSON = "bench-person";
const MODEL = "openai/gpt-oss-120b";
/** Each page and the hub API call that gives the same data (what the page itself asks the hub for). */
const PAGES = [
	{ name: "task page", path: `/tasks/${TASK}`, api: "/api/tasks" },
	{ name: "models", path: "/models", api: "/api/models?sort=trendingScore&limit=30" },
	{ name: "model page", path: `/${MODEL}`, api: `/api/models/${MODEL}` },
];
/** Page kinds for the JavaScript and paint figures. */
const KINDS = [
	["home", "/"],
	["tasks", "/tasks"],
	["task page", `/tasks/${TASK}`],
	["models", "/models"],
	["model page", `/${MODEL}`],
	["model files", `/${MODEL}/tree/main`],
	["datasets", "/datasets"],
	["dataset page", "/datasets/nyu-mll/glue"],
	["libraries", "/libraries"],
	["library page", "/libraries/transformers"],
	["docs", "/docs/api"],
	["profile", `/${PERSON}`],
];

const percentile = (sorted, q) =>
	sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const load1 = () => loadavg()[0].toFixed(2);

/** autocannon for `seconds` at `connections`; latencies read from every response (it reports no p95). */
function measure(url, connections) {
	const latencies = [];
	return new Promise((resolve, reject) => {
		const instance = autocannon({ url, connections, duration: seconds, timeout: 30 }, (error, result) => {
			if (error) return reject(error);
			latencies.sort((a, b) => a - b);
			resolve({
				rps: result.requests.average,
				p50: percentile(latencies, 0.5),
				p95: percentile(latencies, 0.95),
				non2xx: result.non2xx,
				errors: result.errors,
			});
		});
		instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
		instance.on("error", reject);
	});
}

async function warm(url) {
	for (let i = 0; i < 3; i++) await (await fetch(url)).arrayBuffer();
}

/**
 * First-load JavaScript: every script a fresh Chromium asks for before the page's
 * load event (the chunks the HTML names and those its payload names for
 * hydration), each gzipped here. Beside it, every script loaded once the network
 * is idle, which adds what Next prefetches for the links on screen.
 */
async function firstLoadJs(browser, url) {
	const context = await browser.newContext();
	const page = await context.newPage();
	let loadedEvent = false;
	const beforeLoad = [];
	const all = [];
	page.on("load", () => {
		loadedEvent = true;
	});
	page.on("response", (response) => {
		if (response.request().resourceType() !== "script") return;
		const body = response.body().catch(() => Buffer.alloc(0));
		all.push(body);
		if (!loadedEvent) beforeLoad.push(body);
	});
	await page.goto(url, { waitUntil: "networkidle" });
	const gzipped = async (bodies) =>
		(await Promise.all(bodies)).reduce((sum, body) => sum + gzipSync(body, { level: 6 }).length, 0);
	const result = {
		count: beforeLoad.length,
		gzip: await gzipped(beforeLoad),
		idleCount: all.length,
		idleGzip: await gzipped(all),
	};
	await context.close();
	return result;
}

/** The largest contentful paint of one fresh load, in ms. */
async function largestPaint(browser, url) {
	const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
	const page = await context.newPage();
	await page.addInitScript(() => {
		window.__lcp = 0;
		new PerformanceObserver((list) => {
			for (const entry of list.getEntries()) window.__lcp = entry.startTime;
		}).observe({ type: "largest-contentful-paint", buffered: true });
	});
	await page.goto(url, { waitUntil: "networkidle" });
	// LCP entries stop at the first input; reading after idle gives the final candidate.
	const lcp = await page.evaluate(() => window.__lcp);
	await context.close();
	return lcp;
}

const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : "n/a");

console.log(headerLine("web — production build on loopback"));
console.log(`load average (1 min) at start: ${load1()}`);
if (await buildWebIfChanged()) console.log("(built the site first)");

const dataDir = mkdtempSync(join(tmpdir(), "hubkit-bench-web-"));
const hubPort = await freePort();
const site = await startSite({
	hubPort,
	hubArgs: ["--port", String(hubPort), "--data", dataDir],
	env: { ...process.env, DATABASE_URL: "", HUBKIT_PUBLIC_URL: "", NEXT_TELEMETRY_DISABLED: "1" },
});
const browser = await chromium.launch({
	executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
	args: ["--headless", "--no-sandbox", "--disable-gpu"],
});

/** Signs PERSON up and gives them a model and a dataset (the hub's JSON API, as the site's own origin). */
async function makePerson() {
	const headers = { Origin: site.url, "Content-Type": "application/json" };
	const signup = await fetch(`${site.url}/api/auth/signup`, {
		method: "POST",
		headers,
		body: JSON.stringify({ username: PERSON, email: `${PERSON}@example.com`, password: "bench person password" }),
	});
	if (signup.status !== 201) throw new Error(`signup answered ${signup.status}`);
	const cookie = signup.headers
		.getSetCookie()
		.find((line) => line.startsWith("hubkit_session="))
		?.split(";")[0];
	for (const type of ["model", "dataset"]) {
		const created = await fetch(`${site.url}/api/repos/create`, {
			method: "POST",
			headers: { ...headers, Cookie: cookie },
			body: JSON.stringify({ name: `bench-${type}`, type }),
		});
		if (!created.ok) throw new Error(`creating a ${type} answered ${created.status}`);
	}
}

try {
	await makePerson();
	console.log(`\nserver render, ${seconds} s per cell (latency per request; requests/s)`);
	console.log(
		"| page | connections | through the hub (one origin) | straight to Next | hub API, same data (raw limit) | page p50 / API p50 |",
	);
	console.log("| --- | ---: | --- | --- | --- | ---: |");
	for (const { name, path, api } of pagesOnly ? [] : PAGES) {
		await warm(`${site.url}${path}`);
		await warm(`${site.url}${api}`);
		for (const connections of [1, 16]) {
			const origin = await measure(`${site.url}${path}`, connections);
			const next = await measure(`${site.webUrl}${path}`, connections);
			const raw = await measure(`${site.url}${api}`, connections);
			// Failed requests (a non-2xx answer, or none within autocannon's 30 s timeout) are shown, not hidden.
			const failed = (run) => (run.non2xx || run.errors ? ` (${run.non2xx} non-2xx, ${run.errors} failed)` : "");
			const cell = (run) => `p50 ${ms(run.p50)}, p95 ${ms(run.p95)}; ${format(run.rps)}/s${failed(run)}`;
			console.log(
				`| ${name} \`${path}\` | ${connections} | ${cell(origin)} | ${cell(next)} | ${cell(raw)} \`${api}\` | ${(origin.p50 / raw.p50).toFixed(1)} |`,
			);
		}
	}

	console.log(
		`\nfirst-load JavaScript (goal ≤ 150 KB gzipped) and largest contentful paint (median of ${loads} loads; goal < 1 s)`,
	);
	console.log(
		"| page kind | path | first-load scripts | first-load gzipped | loaded by network idle (with prefetches) | LCP median | LCP worst |",
	);
	console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: |");
	for (const [name, path] of KINDS) {
		const js = await firstLoadJs(browser, `${site.url}${path}`);
		const paints = [];
		for (let i = 0; i < loads; i++) paints.push(await largestPaint(browser, `${site.url}${path}`));
		const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
		console.log(
			`| ${name} | \`${path}\` | ${js.count} | ${kb(js.gzip)} | ${js.idleCount} scripts, ${kb(js.idleGzip)} | ${ms(median(paints))} | ${ms(Math.max(...paints))} |`,
		);
	}
} finally {
	await browser.close();
	await site.stop();
	rmSync(dataDir, { recursive: true, force: true });
	console.log(`\nload average (1 min) at the end: ${load1()}`);
}
