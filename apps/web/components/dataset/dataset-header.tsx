/** The top of a dataset page: id, downloads, likes, last change, the tasks it serves and its tags. */
import { PIPELINE_DATA, type PipelineType } from "@hubkit/tasks";
import type { ReactNode } from "react";
import { formatCount, formatDay } from "@/lib/format";
import type { DatasetInfo } from "@/lib/hub";
import { TaskIcon } from "../task/task-icon";
import { CopyButton } from "../ui/copy-button";
import { DownloadIcon, HeartIcon } from "../ui/icons";
import { Tag } from "../ui/tag";
import "../repo/repo.css";
import { datasetTasks } from "./dataset-list";

const isPipeline = (tag: string): tag is PipelineType => Object.hasOwn(PIPELINE_DATA, tag);

/** `like`: the like button (it shows the count), in place of the plain count. */
export function DatasetHeader({ dataset, like }: { dataset: DatasetInfo; like?: ReactNode }) {
	const [owner, name] = dataset.id.split("/");
	// Seeded datasets carry `task_categories:{task}` tags; a card's `task_categories` reach the tags bare.
	const cardTasks = dataset.cardData?.task_categories;
	const fromCard = Array.isArray(cardTasks) ? cardTasks.filter((task) => typeof task === "string") : [];
	const tasks = [...new Set([...datasetTasks(dataset.tags), ...fromCard])].filter(isPipeline);
	const otherTags = dataset.tags.filter(
		(tag) => !tag.startsWith("task_categories:") && !(tasks as string[]).includes(tag),
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
