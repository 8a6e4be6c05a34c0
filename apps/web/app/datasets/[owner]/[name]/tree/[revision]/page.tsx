import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RepoFiles } from "@/components/repo-files/repo-file-pages";
import { loadDataset } from "../../dataset-page-data";
import "@/components/account/account.css";
import "@/components/repo-files/repo-files.css";

type Props = { params: Promise<{ owner: string; name: string; revision: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
	const { owner, name } = await params;
	const dataset = await loadDataset(owner, name);
	if (!dataset) return { title: "Dataset not found" };
	return { title: `Files of dataset ${dataset.id}`, description: `The files of the dataset ${dataset.id}.` };
}

export default async function DatasetFilesPage({ params }: Props) {
	const { owner, name, revision } = await params;
	const dataset = await loadDataset(owner, name);
	if (!dataset) notFound();
	return <RepoFiles repo={{ type: "dataset", id: dataset.id }} revision={revision} />;
}
