/** A model's history: the commits of a branch, newest first, each linking to its changes. */
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RepoHistory } from "@/components/repo-files/repo-file-pages";
import { loadModel } from "../../model-page-data";
import "@/components/repo-files/repo-files.css";

type Props = { params: Promise<{ owner: string; model: string; revision: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
	const { owner, model } = await params;
	return { title: `History · ${decodeURIComponent(owner)}/${decodeURIComponent(model)}` };
}

export default async function CommitsPage({ params }: Props) {
	const { owner, model: name, revision } = await params;
	const model = await loadModel(owner, name);
	if (!model) notFound();
	return <RepoHistory repo={{ type: "model", id: model.id }} revision={decodeURIComponent(revision)} />;
}
