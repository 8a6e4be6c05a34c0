import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { FilesTable } from "@/components/model/files-table";
import { getRepoTree } from "@/lib/hub";
import { type DatasetParams, loadDataset } from "../../dataset-page-data";

export async function generateMetadata({ params }: DatasetParams): Promise<Metadata> {
	const { owner, name } = await params;
	const dataset = await loadDataset(owner, name);
	if (!dataset) return { title: "Dataset not found" };
	return { title: `Files of dataset ${dataset.id}`, description: `The files of the dataset ${dataset.id}.` };
}

export default async function DatasetFilesPage({ params }: DatasetParams) {
	const { owner, name } = await params;
	const dataset = await loadDataset(owner, name);
	if (!dataset) notFound();
	return <FilesTable modelId={dataset.id} repoType="dataset" entries={await getRepoTree("dataset", dataset.id)} />;
}
