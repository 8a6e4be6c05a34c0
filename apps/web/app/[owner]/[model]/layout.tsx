import Link from "next/link";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { ModelHeader } from "@/components/model/model-header";
import { ModelTabs } from "@/components/model/model-tabs";
import { UseThisModel } from "@/components/model/use-this-model";
import { highlightAll } from "@/components/snippet/highlight";
import { HighlightedCode } from "@/components/snippet/highlighted-code";
import { libraryUsage, localAppUsage, modelData } from "@/lib/model-usage";
import { loadModel, type ModelParams } from "./model-page-data";

/** The model is looked up here, above every loading.tsx, so a missing one answers with a real 404. */
export default async function ModelLayout({ params, children }: ModelParams & { children: ReactNode }) {
	const { owner, model: name } = await params;
	const model = await loadModel(owner, name);
	if (!model) notFound();
	const data = modelData(model);
	const libraries = libraryUsage(data);
	const apps = localAppUsage(data);
	const highlighted = await highlightAll([libraries, apps]);
	return (
		<div className="page model-page">
			<ModelHeader model={model} />
			<div className="model-toolbar">
				<ModelTabs modelId={model.id} />
				<HighlightedCode blocks={highlighted}>
					<UseThisModel libraries={libraries} apps={apps} />
				</HighlightedCode>
			</div>
			{children}
			<p className="sr-only">
				<Link href="/models">All models</Link>
			</p>
		</div>
	);
}
