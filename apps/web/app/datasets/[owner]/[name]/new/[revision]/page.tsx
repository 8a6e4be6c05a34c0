/** Creating a text file in a dataset from the browser: for writers only; signed-out visitors sign in first. */
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RepoFileEditor } from "@/components/repo-files/repo-file-pages";
import { requireSessionUser } from "@/lib/hub/users";
import { loadDataset } from "../../dataset-page-data";
import "@/components/account/account.css";
import "@/components/repo-files/repo-files.css";

type Props = { params: Promise<{ owner: string; name: string; revision: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
	const { owner, name } = await params;
	return { title: `New file · dataset ${decodeURIComponent(owner)}/${decodeURIComponent(name)}` };
}

export default async function DatasetNewFilePage({ params }: Props) {
	const { owner, name, revision } = await params;
	await requireSessionUser(`/datasets/${owner}/${name}/new/${revision}`);
	const dataset = await loadDataset(owner, name);
	if (!dataset) notFound();
	return <RepoFileEditor repo={{ type: "dataset", id: dataset.id }} revision={decodeURIComponent(revision)} />;
}
