/** A dataset's history: the commits of a branch, newest first, each linking to its changes. */
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RepoHistory } from "@/components/repo-files/repo-file-pages";
import { loadDataset } from "../../dataset-page-data";
import "@/components/repo-files/repo-files.css";

type Props = { params: Promise<{ owner: string; name: string; revision: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
	const { owner, name } = await params;
	return { title: `History · dataset ${decodeURIComponent(owner)}/${decodeURIComponent(name)}` };
}

export default async function DatasetCommitsPage({ params }: Props) {
	const { owner, name, revision } = await params;
	const dataset = await loadDataset(owner, name);
	if (!dataset) notFound();
	return <RepoHistory repo={{ type: "dataset", id: dataset.id }} revision={decodeURIComponent(revision)} />;
}
