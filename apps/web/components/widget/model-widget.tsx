/**
 * A model's live widget (server component): it calls the provider
 * `modelServing` chose (lib/model-serving.ts, the same answer the page's
 * "Inference providers" panel shows); what it asks for and its sample inputs are
 * worked out here; the interactive part (widget.tsx) is a client leaf. When no
 * provider can serve the model, the widget says so and why.
 */
import { PIPELINE_DATA, type PipelineType, toModelData } from "@hubkit/tasks";
import type { ModelInfo } from "@/lib/hub/models";
import type { ModelServing } from "@/lib/model-serving";
import { widgetSample } from "@/lib/widget-inputs";
import { widgetKindOf } from "@/lib/widget-kinds";
import { Widget } from "./widget";
import "./widget.css";

function taskLabel(task: string): string {
	if (task === "conversational") return "Chat";
	return Object.hasOwn(PIPELINE_DATA, task) ? PIPELINE_DATA[task as PipelineType].name : task;
}

export function ModelWidget({
	model,
	serving: { serving, reason },
	showModel = false,
}: {
	model: ModelInfo;
	serving: ModelServing;
	showModel?: boolean;
}) {
	const headingId = `widget-${model.id.replace(/[^\w-]/g, "-")}`;
	const task = serving ? serving.task : model.pipeline_tag;
	return (
		<section
			className="widget"
			aria-labelledby={headingId}
			data-testid="model-widget"
			data-state={serving ? "ready" : "unavailable"}
			data-provider={serving?.provider}
		>
			<header className="widget-head">
				<h2 id={headingId} className="widget-title">
					Try it
				</h2>
				{task ? <span className="widget-task">{taskLabel(task)}</span> : null}
				{serving ? (
					<span className="widget-provider small muted">
						via <strong>{serving.provider}</strong>
						{serving.status === "staging" ? " (staging)" : ""}
					</span>
				) : null}
			</header>
			{showModel ? (
				<p className="small widget-model">
					Model: <a href={`/${model.id}`}>{model.id}</a>
				</p>
			) : null}
			{serving ? (
				<Widget
					target={{ model: model.id, provider: serving.provider, task: serving.task }}
					kind={widgetKindOf(serving.task)}
					sample={widgetSample(toModelData(model), serving.task, widgetKindOf(serving.task))}
				/>
			) : (
				<div className="widget-unavailable" data-testid="widget-unavailable">
					<p className="widget-unavailable-title">No provider serves this model</p>
					<p>{reason}</p>
				</div>
			)}
		</section>
	);
}
