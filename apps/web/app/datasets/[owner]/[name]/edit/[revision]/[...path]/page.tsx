/** Editing a text file of a dataset in the browser: for writers only; signed-out visitors sign in first. */
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RepoFileEditor } from "@/components/repo-files/repo-file-pages";
import { requireSessionUser } from "@/lib/hub/users";
import { loadDataset } from "../../../dataset-page-data";
import "@/components/account/account.css";
import "@/components/repo-files/repo-files.css";

type Props = { params: Promise<{ owner: string; name: string; revision: string; path: string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
	const { owner, name, path } = await params;
	return {
		title: `Edit ${path.map(decodeURIComponent).join("/")} · dataset ${decodeURIComponent(owner)}/${decodeURIComponent(name)}`,
	};
}

export default async function DatasetEditFilePage({ params }: Props) {
	const { owner, name, revision, path: segments } = await params;
	await requireSessionUser(`/datasets/${owner}/${name}/edit/${revision}/${segments.join("/")}`);
	const dataset = await loadDataset(owner, name);
	if (!dataset) notFound();
	return (
		<RepoFileEditor
			repo={{ type: "dataset", id: dataset.id }}
			revision={decodeURIComponent(revision)}
			path={segments.map(decodeURIComponent).join("/")}
		/>
	);
}
