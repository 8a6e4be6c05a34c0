/** The top of a dataset page: id, downloads, likes, last change, the tasks it serves and its tags. */
import { PIPELINE_DATA } from "@hubkit/tasks";
import type { ReactNode } from "react";
import { formatCount, formatDay } from "@/lib/format";
import type { DatasetInfo } from "@/lib/hub/datasets";
import { TaskIcon } from "../task/task-icon";
import { CopyButton } from "../ui/copy-button";
import { DownloadIcon, HeartIcon } from "../ui/icons";
import { Tag } from "../ui/tag";
import "../repo/repo.css";
import { datasetTasks, isPipeline } from "./dataset-list";

/** `like`: the like button (it shows the count), in place of the plain count. */
export function DatasetHeader({ dataset, like }: { dataset: DatasetInfo; like?: ReactNode }) {
	const [owner, name] = dataset.id.split("/");
	const tasks = datasetTasks(dataset.tags).filter(isPipeline);
	// A task this site has no page for stays a plain tag.
	const otherTags = dataset.tags.filter(
		(tag) => !tag.startsWith("task_categories:") || !isPipeline(tag.slice("task_categories:".length)),
	);
	return (
		<header className="model-header">
			<div className="model-title-row">
				<h1 className="model-title">
					<span className="sr-only">Dataset </span>
					<span className="muted">{owner}</span>
					<span className="muted">/</span>
					<span>{name}</span>
				</h1>
				<CopyButton text={dataset.id} label="Copy dataset id" />
			</div>
			<div className="model-stats muted small">
				<span>Dataset</span>
				<span title={`${dataset.downloads} downloads`}>
					<DownloadIcon /> {formatCount(dataset.downloads)} downloads
				</span>
				{like ?? (
					<span title={`${dataset.likes} likes`}>
						<HeartIcon /> {formatCount(dataset.likes)} likes
					</span>
				)}
				<span>Updated {formatDay(dataset.lastModified)}</span>
				{dataset.private ? <span>Private</span> : null}
				{dataset.gated ? <span>Gated</span> : null}
			</div>
			<ul className="tag-row" aria-label="Tags">
				{tasks.map((task) => (
					<li key={task}>
						<Tag href={`/tasks/${task}`} color={PIPELINE_DATA[task].color}>
							<TaskIcon task={task} size={12} /> {PIPELINE_DATA[task].name}
						</Tag>
					</li>
				))}
				{otherTags.slice(0, 16).map((tag) => (
					<li key={tag}>
						<Tag>{tag}</Tag>
					</li>
				))}
			</ul>
		</header>
	);
}
