/**
 * A task page's live widget, on a model this hub can run for the task: the one
 * its own runtime runs (`localModel` of `GET /api/tasks`, which a visitor may
 * call without a token), else the most downloaded model of a third-party
 * provider this hub has a key for. When there is neither, one line says why:
 * the hub's own (`localNote`: what a person adds to try the task here), or that
 * nothing on this hub serves the task.
 */
import { PIPELINE_DATA, type PipelineType } from "@hubkit/tasks";
import { getModel, listModels } from "@/lib/hub/models";
import { getProviderSummaries, getTaskLocal } from "@/lib/hub/providers";
import { modelServing, routesTask } from "@/lib/model-serving";
import { ModelWidget } from "./model-widget";
import "./widget.css";

async function pickModel(local: string | undefined, task: string): Promise<string | undefined> {
	if (local) return local;
	const providers = await getProviderSummaries();
	const serving = (providers ?? []).filter((provider) => provider.kind === "remote" && routesTask(provider, task));
	for (const provider of serving) {
		const page = await listModels({ pipeline_tag: task, inference_provider: provider.id, sort: "downloads", limit: 1 });
		if (page.models[0]) return page.models[0].id;
	}
	return undefined;
}

function taskName(task: string): string {
	return Object.hasOwn(PIPELINE_DATA, task) ? PIPELINE_DATA[task as PipelineType].name.toLowerCase() : task;
}

export async function TaskWidget({ task }: { task: string }) {
	const local = await getTaskLocal(task);
	const id = await pickModel(local.model, task);
	const model = id ? await getModel(id) : undefined;
	if (model) {
		const serving = modelServing(model.inferenceProviderMapping, await getProviderSummaries());
		return <ModelWidget model={model} serving={serving} showModel />;
	}
	const why =
		local.note ??
		`No ${taskName(task)} model can be tried on this hub: it runs none itself, and no inference provider it has a key for serves the task.`;
	return (
		<section className="widget widget-none" aria-labelledby="task-widget-none" data-testid="task-widget-none">
			<h2 id="task-widget-none" className="widget-title">
				Try it
			</h2>
			<p className="small">{why}</p>
		</section>
	);
}
