import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import type { ReactNode } from "react";
import { DatasetHeader } from "@/components/dataset/dataset-header";
import { ModelTabs } from "@/components/model/model-tabs";
import { CloneRepository } from "@/components/repo/clone-repository";
import { GatedAccess } from "@/components/repo/gated-access";
import { LikeButton } from "@/components/repo/like-button";
import { getViewerStanding } from "@/lib/hub/repos";
import { type DatasetParams, loadDataset } from "./dataset-page-data";

/** The dataset is looked up here, above every loading.tsx, so a missing one answers with a real 404. */
export default async function DatasetLayout({ params, children }: DatasetParams & { children: ReactNode }) {
	const { owner, name } = await params;
	const dataset = await loadDataset(owner, name);
	if (!dataset) notFound();
	// A renamed dataset's old id: the hub answered with the new one, so its page is the place to be.
	if (dataset.id !== `${decodeURIComponent(owner)}/${decodeURIComponent(name)}`) redirect(`/datasets/${dataset.id}`);
	const standing = await getViewerStanding("dataset", dataset.id);
	return (
		<div className="page model-page">
			<DatasetHeader
				dataset={dataset}
				like={
					<LikeButton
						repoType="dataset"
						repoId={dataset.id}
						likes={dataset.likes}
						liked={standing.liked}
						signedIn={standing.viewer !== undefined}
					/>
				}
			/>
			<div className="model-toolbar">
				<ModelTabs modelId={dataset.id} repoType="dataset" mayAdmin={standing.access.mayAdmin} />
				<div className="repo-actions">
					<CloneRepository
						type="dataset"
						id={dataset.id}
						private={dataset.private}
						gated={dataset.gated}
						mirrorOf={standing.access.mirrorOf}
					/>
				</div>
			</div>
			{dataset.gated && !standing.access.mayDownload ? (
				<GatedAccess
					repoType="dataset"
					repoId={dataset.id}
					status={standing.access.status}
					signedIn={standing.viewer !== undefined}
				/>
			) : null}
			{children}
			<p className="sr-only">
				<Link href="/datasets">All datasets</Link>
			</p>
		</div>
	);
}
