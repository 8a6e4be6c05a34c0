/** Datasets in a list: id, what it is for, when it last changed, downloads and likes (styled as the model list). */
import Link from "next/link";
import { formatCount, formatDay } from "@/lib/format";
import type { DatasetListItem } from "@/lib/hub";
import { repoWebPath } from "@/lib/repos";
import { CardLike } from "../repo/card-like";
import { DownloadIcon } from "../ui/icons";

/** The tasks a dataset is tagged for (`task_categories:…`). */
export function datasetTasks(tags: string[]): string[] {
	return tags.filter((tag) => tag.startsWith("task_categories:")).map((tag) => tag.slice("task_categories:".length));
}

export function DatasetList({ datasets, label }: { datasets: DatasetListItem[]; label: string }) {
	return (
		<ul className="model-list" aria-label={label}>
			{datasets.map((dataset) => {
				const tasks = datasetTasks(dataset.tags);
				return (
					<li key={dataset.id} className="card model-item">
						<Link href={repoWebPath("dataset", dataset.id)} className="model-item-id">
							{dataset.id}
						</Link>
						<div className="model-item-meta muted small">
							{tasks.length > 0 ? <span>{tasks.slice(0, 3).join(", ")}</span> : null}
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
