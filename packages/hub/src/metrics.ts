/**
 * The hub's Prometheus metrics (`GET /metrics`, routes/metrics.ts), kept in a
 * registry of each app's own: tests and embedders run several hubs in one process.
 *
 * Labels are bounded and name nothing about a caller: the route is the pattern
 * (`/api/models/{namespace}/{name}`), never a path with ids in it; methods outside
 * the usual few are counted as `OTHER`; providers and tasks come from the router's
 * own tables. No token, cookie or user name is ever a label value.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, type Metric, Registry } from "prom-client";

/** One inference call as the router saw it. */
export interface InferenceObservation {
	/** `hf-inference` for the hub's own runtime, otherwise the third-party provider's id. */
	provider: string;
	task: string;
	status: number;
	/** Until the answer's head was ready (a stream's body may go on after). */
	seconds: number;
}

/** A worker pool's load, as the local runtime reports it. */
export interface PoolLoad {
	workers: number;
	running: number;
	queued: number;
}

/** Counts of the model-info cache, as services/model-info-cache.ts keeps them per database. */
export interface CacheCounts {
	hits: number;
	misses: number;
	entries: number;
}

export interface HubMetrics {
	readonly registry: Registry;
	/** A request answered: counted under its route pattern, its time in the latency histogram. */
	request(method: string, route: string, status: number, seconds: number): void;
	/** A request started or ended (the in-flight gauge). */
	inFlight(change: 1 | -1): void;
	inference(call: InferenceObservation): void;
	/** Reads the model-info cache's counts at each scrape. */
	watchModelInfoCache(read: () => CacheCounts): void;
	/** Reads the local runtime's queues at each scrape; `lane` is `tasks` or `completions`. */
	watchPool(lane: string, read: () => PoolLoad): void;
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** From a cached answer (under a millisecond) to a slow upload or a stream's head. */
const REQUEST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** A classifier on CPU takes milliseconds, a generation seconds, a provider's image a minute. */
const INFERENCE_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

/** One method, route and status: its count, and its durations by bucket (each counted once, not cumulated). */
interface RequestSeries {
	method: string;
	route: string;
	status: string;
	count: number;
	sum: number;
	buckets: number[];
}

type Sample = { labels: Record<string, string | number>; value: number; metricName?: string };

/** A metric prom-client's registry can print: what `registerMetric` reads from one. */
function customMetric(name: string, help: string, type: "counter" | "histogram", values: () => Sample[]) {
	return {
		name,
		help,
		type,
		aggregator: "sum",
		get: async () => ({ name, help, type, aggregator: "sum", values: values() }),
	};
}

function requestCounter(series: Map<string, RequestSeries>) {
	return customMetric(
		"hubkit_http_requests_total",
		"HTTP requests answered, by method, route pattern and status",
		"counter",
		() =>
			[...series.values()].map(({ method, route, status, count }) => ({
				labels: { method, route, status },
				value: count,
			})),
	);
}

function latencyHistogram(series: Map<string, RequestSeries>) {
	const name = "hubkit_http_request_duration_seconds";
	return customMetric(name, "Time until the answer's head was ready, by method and route pattern", "histogram", () => {
		// The statuses of a method and route together, then the buckets cumulated, as Prometheus wants them.
		const byRoute = new Map<string, { method: string; route: string; count: number; sum: number; buckets: number[] }>();
		for (const one of series.values()) {
			const key = `${one.method} ${one.route}`;
			const total = byRoute.get(key) ?? {
				method: one.method,
				route: one.route,
				count: 0,
				sum: 0,
				buckets: REQUEST_BUCKETS.map(() => 0),
			};
			total.count += one.count;
			total.sum += one.sum;
			one.buckets.forEach((value, index) => {
				total.buckets[index] = (total.buckets[index] ?? 0) + value;
			});
			byRoute.set(key, total);
		}
		return [...byRoute.values()].flatMap(({ method, route, count, sum, buckets }): Sample[] => {
			let below = 0;
			const cumulated = REQUEST_BUCKETS.map((bound, index) => {
				below += buckets[index] ?? 0;
				return { labels: { le: bound, method, route }, value: below, metricName: `${name}_bucket` };
			});
			return [
				...cumulated,
				{ labels: { le: "+Inf", method, route }, value: count, metricName: `${name}_bucket` },
				{ labels: { method, route }, value: sum, metricName: `${name}_sum` },
				{ labels: { method, route }, value: count, metricName: `${name}_count` },
			];
		});
	});
}

export function createHubMetrics(options: { processMetrics?: boolean } = {}): HubMetrics {
	const registry = new Registry();
	// The process's CPU, memory, event-loop delay and handles, under the names dashboards expect.
	// Only for a real server: each call starts an event-loop monitor that lives as long as the process.
	if (options.processMetrics) collectDefaultMetrics({ register: registry });

	// Every request passes here, so its counts are plain numbers in one map entry per series and
	// become Prometheus samples only when scraped: prom-client's own counters would hash the label
	// values on every request, which cost the fastest routes a tenth of their throughput.
	const perRequest = new Map<string, RequestSeries>();
	registry.registerMetric(requestCounter(perRequest) as unknown as Metric);
	registry.registerMetric(latencyHistogram(perRequest) as unknown as Metric);
	let inFlight = 0;
	new Gauge({
		name: "hubkit_http_requests_in_flight",
		help: "Requests being handled now",
		registers: [registry],
		collect() {
			this.set(inFlight);
		},
	});
	const inferenceCalls = new Counter({
		name: "hubkit_inference_requests_total",
		help: "Inference calls through the router, by provider (hf-inference: the hub's own runtime), task and status",
		labelNames: ["provider", "task", "status"] as const,
		registers: [registry],
	});
	const inferenceLatency = new Histogram({
		name: "hubkit_inference_duration_seconds",
		help: "Inference calls: time until the answer's head was ready, by provider and task",
		labelNames: ["provider", "task"] as const,
		buckets: INFERENCE_BUCKETS,
		registers: [registry],
	});

	const caches: (() => CacheCounts)[] = [];
	const sum = (pick: (counts: CacheCounts) => number) => caches.reduce((total, read) => total + pick(read()), 0);
	// Counters whose values live in the cache itself: each scrape sets them to the cache's own count.
	new Counter({
		name: "hubkit_model_info_cache_hits_total",
		help: "Model-info answers served from the cache",
		registers: [registry],
		collect() {
			this.reset();
			this.inc(sum((counts) => counts.hits));
		},
	});
	new Counter({
		name: "hubkit_model_info_cache_misses_total",
		help: "Model-info requests the cache could not answer (built from the database)",
		registers: [registry],
		collect() {
			this.reset();
			this.inc(sum((counts) => counts.misses));
		},
	});
	new Gauge({
		name: "hubkit_model_info_cache_models",
		help: "Models with answers in the cache now",
		registers: [registry],
		collect() {
			this.set(sum((counts) => counts.entries));
		},
	});

	const pools = new Map<string, () => PoolLoad>();
	const poolGauge = (name: string, help: string, pick: (load: PoolLoad) => number) =>
		new Gauge({
			name,
			help,
			labelNames: ["lane"] as const,
			registers: [registry],
			collect() {
				this.reset();
				for (const [lane, read] of pools) this.set({ lane }, pick(read()));
			},
		});
	poolGauge("hubkit_local_runtime_workers", "Local runtime worker threads started, by lane", (load) => load.workers);
	poolGauge("hubkit_local_runtime_running", "Local runtime calls running now, by lane", (load) => load.running);
	poolGauge(
		"hubkit_local_runtime_queued",
		"Local runtime calls waiting for a worker, by lane (a full queue answers 429)",
		(load) => load.queued,
	);

	return {
		registry,
		request(method, route, status, seconds) {
			const known = METHODS.has(method) ? method : "OTHER";
			const key = `${known} ${status} ${route}`;
			let series = perRequest.get(key);
			if (!series) {
				series = {
					method: known,
					route,
					status: String(status),
					count: 0,
					sum: 0,
					buckets: REQUEST_BUCKETS.map(() => 0),
				};
				perRequest.set(key, series);
			}
			series.count += 1;
			series.sum += seconds;
			const bucket = REQUEST_BUCKETS.findIndex((bound) => seconds <= bound);
			if (bucket >= 0) series.buckets[bucket] = (series.buckets[bucket] ?? 0) + 1;
		},
		inFlight(change) {
			inFlight += change;
		},
		inference({ provider, task, status, seconds }) {
			inferenceCalls.inc({ provider, task, status: String(status) });
			inferenceLatency.observe({ provider, task }, seconds);
		},
		watchModelInfoCache(read) {
			caches.push(read);
		},
		watchPool(lane, read) {
			pools.set(lane, read);
		},
	};
}
