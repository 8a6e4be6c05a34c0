/** One commit of a dataset: who made it, when, and what it changed against its parent. */
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RepoCommit } from "@/components/repo-files/repo-file-pages";
import { loadDataset } from "../../dataset-page-data";
import "@/components/repo-files/repo-files.css";

type Props = { params: Promise<{ owner: string; name: string; sha: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
	const { owner, name, sha } = await params;
	return { title: `Commit ${sha.slice(0, 7)} · dataset ${decodeURIComponent(owner)}/${decodeURIComponent(name)}` };
}

export default async function DatasetCommitPage({ params }: Props) {
	const { owner, name, sha } = await params;
	const dataset = await loadDataset(owner, name);
	if (!dataset) notFound();
	return <RepoCommit repo={{ type: "dataset", id: dataset.id }} sha={sha} />;
}
