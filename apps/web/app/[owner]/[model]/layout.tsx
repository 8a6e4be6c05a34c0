import Link from "next/link";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { ModelHeader } from "@/components/model/model-header";
import { ModelTabs } from "@/components/model/model-tabs";
import { UseThisModel } from "@/components/model/use-this-model";
import { libraryUsage, localAppUsage, modelData } from "@/lib/model-usage";
import { loadModel, type ModelParams } from "./model-page-data";

/** The model is looked up here, above every loading.tsx, so a missing one answers with a real 404. */
export default async function ModelLayout({ params, children }: ModelParams & { children: ReactNode }) {
	const { owner, model: name } = await params;
	const model = await loadModel(owner, name);
	if (!model) notFound();
	const data = modelData(model);
	return (
		<div className="page model-page">
			<ModelHeader model={model} />
			<div className="model-toolbar">
				<ModelTabs modelId={model.id} />
				<UseThisModel libraries={libraryUsage(data)} apps={localAppUsage(data)} />
			</div>
			{children}
			<p className="sr-only">
				<Link href="/models">All models</Link>
			</p>
		</div>
	);
}
