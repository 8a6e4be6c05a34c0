/** Editing a text file of a model in the browser: for writers only; signed-out visitors sign in first. */
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RepoFileEditor } from "@/components/repo-files/repo-file-pages";
import { requireSessionUser } from "@/lib/hub/users";
import { loadModel } from "../../../model-page-data";
import "@/components/account/account.css";
import "@/components/repo-files/repo-files.css";

type Props = { params: Promise<{ owner: string; model: string; revision: string; path: string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
	const { owner, model, path } = await params;
	return {
		title: `Edit ${path.map(decodeURIComponent).join("/")} · ${decodeURIComponent(owner)}/${decodeURIComponent(model)}`,
	};
}

export default async function EditFilePage({ params }: Props) {
	const { owner, model: name, revision, path: segments } = await params;
	await requireSessionUser(`/${owner}/${name}/edit/${revision}/${segments.join("/")}`);
	const model = await loadModel(owner, name);
	if (!model) notFound();
	return (
		<RepoFileEditor
			repo={{ type: "model", id: model.id }}
			revision={decodeURIComponent(revision)}
			path={segments.map(decodeURIComponent).join("/")}
		/>
	);
}
