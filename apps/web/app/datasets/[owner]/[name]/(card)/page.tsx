import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ModelCard } from "@/components/model/model-card";
import { RepoUploadHelp } from "@/components/repo/repo-upload-help";
import { EmptyState } from "@/components/ui/empty-state";
import { getRepoReadme, getViewerStanding } from "@/lib/hub/repos";
import { repoPagePath } from "@/lib/paths";
import { type DatasetParams, loadDataset } from "../dataset-page-data";

export async function generateMetadata({ params }: DatasetParams): Promise<Metadata> {
	const { owner, name } = await params;
	const dataset = await loadDataset(owner, name);
	if (!dataset) return { title: "Dataset not found" };
	return {
		title: `Dataset ${dataset.id}`,
		description: dataset.description?.slice(0, 160) || `The dataset ${dataset.id}: its card and files.`,
	};
}

export default async function DatasetPage({ params }: DatasetParams) {
	const { owner, name } = await params;
	const dataset = await loadDataset(owner, name);
	if (!dataset) notFound();
	const [readme, standing] = await Promise.all([
		getRepoReadme("dataset", dataset.id),
		getViewerStanding("dataset", dataset.id),
	]);
	return (
		<div className="model-body dataset-body">
			<div className="model-main">
				{standing.access.mayWrite ? (
					<p className="button-row">
						<Link href={`${repoPagePath("dataset", dataset.id)}/edit-card`} className="button button-small">
							{readme?.trim() ? "Edit dataset card" : "Create a dataset card"}
						</Link>
					</p>
				) : null}
				<RepoUploadHelp type="dataset" id={dataset.id} siblings={dataset.siblings} />
				{readme?.trim() ? (
					<ModelCard markdown={readme} modelId={dataset.id} repoType="dataset" />
				) : (
					<EmptyState title="No dataset card">
						<p>This repository has no README.md yet.</p>
					</EmptyState>
				)}
			</div>
		</div>
	);
}
