import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RepoFiles } from "@/components/repo-files/repo-file-pages";
import { loadModel } from "../../model-page-data";
import "@/components/account/account.css";
import "@/components/repo-files/repo-files.css";

type Props = { params: Promise<{ owner: string; model: string; revision: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
	const { owner, model: name } = await params;
	const model = await loadModel(owner, name);
	if (!model) return { title: "Model not found" };
	return { title: `Files of ${model.id}`, description: `The files of ${model.id}: sizes, LFS objects and downloads.` };
}

export default async function FilesPage({ params }: Props) {
	const { owner, model: name, revision } = await params;
	const model = await loadModel(owner, name);
	if (!model) notFound();
	return <RepoFiles repo={{ type: "model", id: model.id }} revision={revision} />;
}
