/** One commit of a model: who made it, when, and what it changed against its parent. */
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RepoCommit } from "@/components/repo-files/repo-file-pages";
import { loadModel } from "../../model-page-data";
import "@/components/repo-files/repo-files.css";

type Props = { params: Promise<{ owner: string; model: string; sha: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
	const { owner, model, sha } = await params;
	return { title: `Commit ${sha.slice(0, 7)} · ${decodeURIComponent(owner)}/${decodeURIComponent(model)}` };
}

export default async function CommitPage({ params }: Props) {
	const { owner, model: name, sha } = await params;
	const model = await loadModel(owner, name);
	if (!model) notFound();
	return <RepoCommit repo={{ type: "model", id: model.id }} sha={sha} />;
}
