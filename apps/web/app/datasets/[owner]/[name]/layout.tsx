import Link from "next/link";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { DatasetHeader } from "@/components/dataset/dataset-header";
import { ModelTabs } from "@/components/model/model-tabs";
import { type DatasetParams, loadDataset } from "./dataset-page-data";

/** The dataset is looked up here, above every loading.tsx, so a missing one answers with a real 404. */
export default async function DatasetLayout({ params, children }: DatasetParams & { children: ReactNode }) {
	const { owner, name } = await params;
	const dataset = await loadDataset(owner, name);
	if (!dataset) notFound();
	return (
		<div className="page model-page">
			<DatasetHeader dataset={dataset} />
			<div className="model-toolbar">
				<ModelTabs modelId={dataset.id} repoType="dataset" />
			</div>
			{children}
			<p className="sr-only">
				<Link href="/datasets">All datasets</Link>
			</p>
		</div>
	);
}
