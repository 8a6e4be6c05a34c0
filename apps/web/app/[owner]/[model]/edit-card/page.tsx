/**
 * `/{owner}/{name}/edit-card`: the model card editor, for those who may write the
 * model (signed out: sign in and back; anyone else: 404). It opens at the current
 * head of `main`, which the save names as its parent commit.
 */
import { MODEL_LIBRARIES, PIPELINE_DATA } from "@hubkit/tasks";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CardEditor } from "@/components/repo/card-editor";
import { metadataFromCardData, splitReadme } from "@/lib/card-front-matter";
import { getModelReadme } from "@/lib/hub/models";
import { getViewerStanding } from "@/lib/hub/repos";
import { requireSessionUser } from "@/lib/hub/users";
import { loadModel, type ModelParams } from "../model-page-data";
import "@/components/account/account.css";
import "@/components/repo/repo.css";

export async function generateMetadata({ params }: ModelParams): Promise<Metadata> {
	const { owner, model: name } = await params;
	return { title: `Edit the card · ${decodeURIComponent(owner)}/${decodeURIComponent(name)}` };
}

const TASK_OPTIONS = Object.entries(PIPELINE_DATA)
	.map(([value, task]) => ({ value, label: task.name }))
	.sort((a, b) => a.label.localeCompare(b.label));

const LIBRARY_OPTIONS = Object.entries(MODEL_LIBRARIES)
	.map(([value, library]) => ({ value, label: library.prettyLabel }))
	.sort((a, b) => a.label.localeCompare(b.label));

export default async function EditCardPage({ params }: ModelParams) {
	const { owner, model: name } = await params;
	await requireSessionUser(`/${owner}/${name}/edit-card`);
	const model = await loadModel(owner, name);
	if (!model) notFound();
	const standing = await getViewerStanding("model", model.id);
	if (!standing.access.mayWrite) notFound();
	const readme = (await getModelReadme(model.id)) ?? "";
	const { frontMatter, body } = splitReadme(readme);
	return (
		<div className="stack">
			<h2>Edit the model card</h2>
			<CardEditor
				repoType="model"
				repoId={model.id}
				parentCommit={model.sha}
				frontMatter={frontMatter}
				body={body}
				metadata={metadataFromCardData(model.cardData)}
				tasks={TASK_OPTIONS}
				libraries={LIBRARY_OPTIONS}
			/>
		</div>
	);
}
