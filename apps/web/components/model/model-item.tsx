/** One model in a list: id, task, when it last changed, downloads, and likes with the like button. */
import { PIPELINE_DATA, type PipelineType } from "@hubkit/tasks";
import Link from "next/link";
import { formatCount, formatDay } from "@/lib/format";
import type { ModelListItem } from "@/lib/hub/models";
import { CardLike } from "../repo/card-like";
import { TaskIcon } from "../task/task-icon";
import { DownloadIcon } from "../ui/icons";

function isPipeline(tag: string | undefined): tag is PipelineType {
	return tag !== undefined && Object.hasOwn(PIPELINE_DATA, tag);
}

export function ModelItem({ model }: { model: ModelListItem }) {
	const task = isPipeline(model.pipeline_tag) ? model.pipeline_tag : undefined;
	return (
		<li className="card model-item">
			<Link href={`/${model.id}`} className="model-item-id">
				{model.id}
			</Link>
			<div className="model-item-meta muted small">
				{task ? (
					<span className="model-item-task">
						<TaskIcon task={task} size={12} />
						{PIPELINE_DATA[task].name}
					</span>
				) : null}
				<span>Updated {formatDay(model.lastModified)}</span>
				<span title={`${model.downloads} downloads`}>
					<DownloadIcon /> {formatCount(model.downloads)}
				</span>
				<CardLike repoType="model" repoId={model.id} likes={model.likes} />
			</div>
		</li>
	);
}

export function ModelList({ models, label }: { models: ModelListItem[]; label: string }) {
	return (
		<ul className="model-list" aria-label={label}>
			{models.map((model) => (
				<ModelItem key={model.id} model={model} />
			))}
		</ul>
	);
}
