/** Datasets in a list: id, what it is for, when it last changed, downloads and likes (styled as the model list). */
import { PIPELINE_DATA, type PipelineType } from "@hubkit/tasks";
import Link from "next/link";
import { formatCount, formatDay } from "@/lib/format";
import type { DatasetListItem } from "@/lib/hub/datasets";
import { repoPagePath } from "@/lib/paths";
import { CardLike } from "../repo/card-like";
import { TaskIcon } from "../task/task-icon";
import { DownloadIcon } from "../ui/icons";

const TASK_PREFIX = "task_categories:";

/** The tasks a dataset is tagged for: the hub tags a card's `task_categories` (and the seeded cards') `task_categories:{task}`. */
export function datasetTasks(tags: string[]): string[] {
	return tags.filter((tag) => tag.startsWith(TASK_PREFIX)).map((tag) => tag.slice(TASK_PREFIX.length));
}

export const isPipeline = (task: string): task is PipelineType => Object.hasOwn(PIPELINE_DATA, task);

export function DatasetList({ datasets, label }: { datasets: DatasetListItem[]; label: string }) {
	return (
		<ul className="model-list" aria-label={label}>
			{datasets.map((dataset) => {
				const tasks = datasetTasks(dataset.tags);
				return (
					<li key={dataset.id} className="card model-item">
						<Link href={repoPagePath("dataset", dataset.id)} className="model-item-id">
							{dataset.id}
						</Link>
						{tasks.length > 0 ? (
							// A row of its own: a dataset often serves several tasks, and the date, counts and like
							// button then keep one place on every card.
							<div className="model-item-meta muted small">
								{tasks.slice(0, 3).map((task) =>
									isPipeline(task) ? (
										<span key={task} className="model-item-task">
											<TaskIcon task={task} size={12} />
											{PIPELINE_DATA[task].name}
										</span>
									) : (
										<span key={task}>{task}</span>
									),
								)}
							</div>
						) : null}
						<div className="model-item-meta muted small">
							<span>Updated {formatDay(dataset.lastModified)}</span>
							<span title={`${dataset.downloads} downloads`}>
								<DownloadIcon /> {formatCount(dataset.downloads)}
							</span>
							<CardLike repoType="dataset" repoId={dataset.id} likes={dataset.likes} />
						</div>
					</li>
				);
			})}
		</ul>
	);
}
