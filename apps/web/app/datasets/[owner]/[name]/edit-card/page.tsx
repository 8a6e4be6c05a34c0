/**
 * `/datasets/{owner}/{name}/edit-card`: the dataset card editor, for those who may write
 * the dataset (signed out: sign in and back; anyone else: 404). Its metadata form writes
 * the task categories, license and tags.
 */
import { PIPELINE_DATA } from "@hubkit/tasks";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CardEditor } from "@/components/repo/card-editor";
import { metadataFromCardData, splitReadme } from "@/lib/card-front-matter";
import { getRepoReadme, getViewerStanding } from "@/lib/hub/repos";
import { requireSessionUser } from "@/lib/hub/users";
import { type DatasetParams, loadDataset } from "../dataset-page-data";
import "@/components/account/account.css";
import "@/components/repo/repo.css";

export async function generateMetadata({ params }: DatasetParams): Promise<Metadata> {
	const { owner, name } = await params;
	return { title: `Edit the card · dataset ${decodeURIComponent(owner)}/${decodeURIComponent(name)}` };
}

const TASK_OPTIONS = Object.entries(PIPELINE_DATA)
	.map(([value, task]) => ({ value, label: task.name }))
	.sort((a, b) => a.label.localeCompare(b.label));

export default async function EditDatasetCardPage({ params }: DatasetParams) {
	const { owner, name } = await params;
	await requireSessionUser(`/datasets/${owner}/${name}/edit-card`);
	const dataset = await loadDataset(owner, name);
	if (!dataset) notFound();
	const standing = await getViewerStanding("dataset", dataset.id);
	if (!standing.access.mayWrite) notFound();
	const readme = (await getRepoReadme("dataset", dataset.id)) ?? "";
	const { frontMatter, body } = splitReadme(readme);
	return (
		<div className="stack">
			<h2>Edit the dataset card</h2>
			<CardEditor
				repoType="dataset"
				repoId={dataset.id}
				parentCommit={dataset.sha}
				frontMatter={frontMatter}
				body={body}
				metadata={metadataFromCardData(dataset.cardData, "dataset")}
				tasks={TASK_OPTIONS}
			/>
		</div>
	);
}
