/**
 * A model's live widget (server component): which provider it calls (the
 * model's mapping against `GET /api/providers`), what it asks for and its sample
 * inputs are worked out here; the interactive part (widget.tsx) is a client leaf.
 * When no provider can serve the model, the widget says so and why.
 */
import { PIPELINE_DATA, type PipelineType, toModelData } from "@hubkit/tasks";
import type { ModelInfo } from "@/lib/hub";
import { widgetAvailability } from "@/lib/widget-availability";
import { getProviderSummaries } from "@/lib/widget-hub";
import { widgetSample } from "@/lib/widget-inputs";
import { widgetKindOf } from "@/lib/widget-kinds";
import { Widget } from "./widget";
import "./widget.css";

function taskLabel(task: string): string {
	if (task === "conversational") return "Chat";
	return Object.hasOwn(PIPELINE_DATA, task) ? PIPELINE_DATA[task as PipelineType].name : task;
}

export async function ModelWidget({ model, showModel = false }: { model: ModelInfo; showModel?: boolean }) {
	const availability = widgetAvailability(model.inferenceProviderMapping, await getProviderSummaries());
	const headingId = `widget-${model.id.replace(/[^\w-]/g, "-")}`;
	const task = availability.state === "ready" ? availability.task : model.pipeline_tag;
	return (
		<section className="widget" aria-labelledby={headingId} data-testid="model-widget" data-state={availability.state}>
			<header className="widget-head">
				<h2 id={headingId} className="widget-title">
					Try it
				</h2>
				{task ? <span className="widget-task">{taskLabel(task)}</span> : null}
				{availability.state === "ready" ? (
					<span className="widget-provider small muted">
						via <strong>{availability.provider}</strong>
						{availability.status === "staging" ? " (staging)" : ""}
					</span>
				) : null}
			</header>
			{showModel ? (
				<p className="small widget-model">
					Model: <a href={`/${model.id}`}>{model.id}</a>
				</p>
			) : null}
			{availability.state === "ready" ? (
				<Widget
					target={{ model: model.id, provider: availability.provider, task: availability.task }}
					kind={widgetKindOf(availability.task)}
					sample={widgetSample(toModelData(model), availability.task, widgetKindOf(availability.task))}
				/>
			) : (
				<div className="widget-unavailable" data-testid="widget-unavailable">
					<p className="widget-unavailable-title">No provider serves this model</p>
					<p>{availability.reason}</p>
				</div>
			)}
		</section>
	);
}
