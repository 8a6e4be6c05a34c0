/** The top of a model page: id, task, library, tags, downloads, likes, last change. */
import { isModelLibraryKey, MODEL_LIBRARIES, PIPELINE_DATA, type PipelineType } from "@hubkit/tasks";
import type { ReactNode } from "react";
import { formatCount, formatDay } from "@/lib/format";
import type { ModelInfo } from "@/lib/hub/models";
import { TaskIcon } from "../task/task-icon";
import { CopyButton } from "../ui/copy-button";
import { DownloadIcon, HeartIcon } from "../ui/icons";
import { Tag } from "../ui/tag";

const isPipeline = (tag: string | undefined): tag is PipelineType =>
	tag !== undefined && Object.hasOwn(PIPELINE_DATA, tag);

/** Tags worth a chip of their own: not the task or library (shown first), not internal markers. */
function otherTags(model: ModelInfo): string[] {
	return model.tags.filter(
		(tag) =>
			tag !== model.pipeline_tag && tag !== model.library_name && !tag.startsWith("base_model:") && tag !== "region:us",
	);
}

/** `like`: the like button (it shows the count), in place of the plain count. */
export function ModelHeader({ model, like }: { model: ModelInfo; like?: ReactNode }) {
	const [owner, name] = model.id.split("/");
	const task = isPipeline(model.pipeline_tag) ? model.pipeline_tag : undefined;
	const library = model.library_name && isModelLibraryKey(model.library_name) ? model.library_name : undefined;
	return (
		<header className="model-header">
			<div className="model-title-row">
				<h1 className="model-title">
					<span className="muted">{owner}</span>
					<span className="muted">/</span>
					<span>{name}</span>
				</h1>
				<CopyButton text={model.id} label="Copy model id" />
			</div>
			<div className="model-stats muted small">
				<span title={`${model.downloads} downloads`}>
					<DownloadIcon /> {formatCount(model.downloads)} downloads
				</span>
				{like ?? (
					<span title={`${model.likes} likes`}>
						<HeartIcon /> {formatCount(model.likes)} likes
					</span>
				)}
				<span>Updated {formatDay(model.lastModified)}</span>
				{model.gated ? <span>Gated</span> : null}
			</div>
			<ul className="tag-row" aria-label="Tags">
				{task ? (
					<li>
						<Tag href={`/models?pipeline_tag=${task}`} color={PIPELINE_DATA[task].color}>
							<TaskIcon task={task} size={12} /> {PIPELINE_DATA[task].name}
						</Tag>
					</li>
				) : null}
				{library ? (
					<li>
						<Tag href={`/libraries/${library}`}>{MODEL_LIBRARIES[library].prettyLabel}</Tag>
					</li>
				) : null}
				{otherTags(model)
					.slice(0, 16)
					.map((tag) => (
						<li key={tag}>
							<Tag>{tag}</Tag>
						</li>
					))}
			</ul>
		</header>
	);
}
