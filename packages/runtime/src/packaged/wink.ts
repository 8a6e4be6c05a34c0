/** One wink-nlp instance over the English lite model per worker: every wink engine shares it. */
import type WinkNlp from "wink-nlp";

type Nlp = ReturnType<typeof WinkNlp>;

let instance: Promise<Nlp> | undefined;

export function loadWink(): Promise<Nlp> {
	instance ??= (async () => {
		const [{ default: winkNLP }, { default: model }] = await Promise.all([
			import("wink-nlp"),
			import("wink-eng-lite-web-model"),
		]);
		return winkNLP(model);
	})();
	instance.catch(() => {
		instance = undefined;
	});
	return instance;
}
