/**
 * Short lists of repositories on profiles: datasets (id, when it changed, downloads,
 * likes) and the repositories a person liked (newest first, each with its type).
 */
import Link from "next/link";
import { formatCount, formatDay } from "@/lib/format";
import type { DatasetListItem } from "@/lib/hub/datasets";
import type { LikedRepo } from "@/lib/hub/repos";
import { repoPagePath } from "@/lib/paths";
import { DownloadIcon } from "../ui/icons";
import { CardLike } from "./card-like";

export function DatasetList({ datasets, label }: { datasets: DatasetListItem[]; label: string }) {
	return (
		<ul className="model-list" aria-label={label}>
			{datasets.map((dataset) => (
				<li key={dataset.id} className="card model-item">
					<Link href={repoPagePath("dataset", dataset.id)} className="model-item-id">
						{dataset.id}
					</Link>
					<div className="model-item-meta muted small">
						<span>Dataset</span>
						{dataset.private ? <span>Private</span> : null}
						<span>Updated {formatDay(dataset.lastModified)}</span>
						<span title={`${dataset.downloads} downloads`}>
							<DownloadIcon /> {formatCount(dataset.downloads)}
						</span>
						<CardLike repoType="dataset" repoId={dataset.id} likes={dataset.likes} />
					</div>
				</li>
			))}
		</ul>
	);
}

export function LikedList({ likes, label }: { likes: LikedRepo[]; label: string }) {
	return (
		<ul className="model-list" aria-label={label} data-testid="liked-list">
			{likes.map((like) => (
				<li key={`${like.repo.type}:${like.repo.name}`} className="card model-item">
					<Link href={repoPagePath(like.repo.type, like.repo.name)} className="model-item-id">
						{like.repo.name}
					</Link>
					<div className="model-item-meta muted small">
						<span>{like.repo.type === "dataset" ? "Dataset" : "Model"}</span>
						<span>Liked {formatDay(like.createdAt)}</span>
					</div>
				</li>
			))}
		</ul>
	);
}
