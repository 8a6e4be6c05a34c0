import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { FilesTable } from "@/components/model/files-table";
import { getModelTree } from "@/lib/hub";
import { loadModel } from "../../model-page-data";

type Props = { params: Promise<{ owner: string; model: string; revision: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
	const { owner, model: name } = await params;
	const model = await loadModel(owner, name);
	if (!model) return { title: "Model not found" };
	return { title: `Files of ${model.id}`, description: `The files of ${model.id}: sizes, LFS objects and downloads.` };
}

export default async function FilesPage({ params }: Props) {
	const { owner, model: name } = await params;
	const model = await loadModel(owner, name);
	if (!model) notFound();
	return <FilesTable modelId={model.id} entries={await getModelTree(model.id)} />;
}
