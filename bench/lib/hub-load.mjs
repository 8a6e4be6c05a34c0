/**
 * What the hub API benchmarks share: samples of the synthetic catalogue to ask for, and an
 * autocannon load that walks a list of paths in turn.
 */
import autocannon from "autocannon";

const { syntheticModels } = await import(new URL("../../packages/hub/dist/seed/synthetic.js", import.meta.url).href);

/**
 * Every `every`th of `count` synthetic models: ids to look up and (word, task) pairs to search for.
 * Private ones are left out: anonymous callers rightly get 404 for them.
 */
export function sampleModels(count, every) {
	const sample = [];
	let index = 0;
	for (const model of syntheticModels(count)) {
		if (index++ % every === 0 && !model.private) sample.push({ id: model.id, task: model.pipeline_tag });
	}
	return sample;
}

/** The search the benchmarks measure, for a sampled model: a word of its name within its task. */
export function searchPath({ id, task }) {
	const word = id.split("/")[1].split("-")[0];
	return `/api/models?search=${encodeURIComponent(word)}&pipeline_tag=${encodeURIComponent(task)}&sort=downloads&limit=20`;
}

/** autocannon on `url` for `seconds` with `connections`, each request the next of `paths`; its raw result. */
export function loadPaths(url, paths, { connections, seconds }) {
	let next = 0;
	return new Promise((resolve, reject) => {
		const instance = autocannon(
			{
				url,
				connections,
				duration: seconds,
				requests: [
					{
						setupRequest: (request) => {
							request.path = paths[next++ % paths.length];
							return request;
						},
					},
				],
			},
			(error, result) => (error ? reject(error) : resolve(result)),
		);
		instance.on("error", reject);
	});
}
