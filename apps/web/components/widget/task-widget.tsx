/**
 * A task page's live widget, on a model this hub can run for the task: the one
 * its own runtime runs (`localModel` of `GET /api/tasks`, which a visitor may
 * call without a token), else the most downloaded model of a third-party
 * provider this hub has a key for. No widget when there is neither.
 */
import { getModel, listModels } from "@/lib/hub";
import { modelServing } from "@/lib/model-serving";
import { getLocalModel, getProviderSummaries } from "@/lib/widget-hub";
import { ModelWidget } from "./model-widget";

async function pickModel(task: string): Promise<string | undefined> {
	const local = await getLocalModel(task);
	if (local) return local;
	const providers = await getProviderSummaries();
	const serving = (providers ?? []).filter(
		(provider) => provider.kind === "remote" && provider.configured && provider.tasks.includes(task),
	);
	for (const provider of serving) {
		const page = await listModels({ pipeline_tag: task, inference_provider: provider.id, sort: "downloads", limit: 1 });
		if (page.models[0]) return page.models[0].id;
	}
	return undefined;
}

export async function TaskWidget({ task }: { task: string }) {
	const id = await pickModel(task);
	const model = id ? await getModel(id) : undefined;
	if (!model) return null;
	const serving = modelServing(model.inferenceProviderMapping, await getProviderSummaries());
	return <ModelWidget model={model} serving={serving} showModel />;
}
