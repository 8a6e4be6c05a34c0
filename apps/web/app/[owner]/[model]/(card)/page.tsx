import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { InferencePanel } from "@/components/model/inference-panel";
import { ModelCard } from "@/components/model/model-card";
import { GgufPanel, ModelSizePanel, ModelTreePanel } from "@/components/model/weights-panels";
import { RepoUploadHelp } from "@/components/repo/repo-upload-help";
import { highlightAll } from "@/components/snippet/highlight";
import { HighlightedCode } from "@/components/snippet/highlighted-code";
import { EmptyState } from "@/components/ui/empty-state";
import { Section } from "@/components/ui/section";
import { ModelWidget } from "@/components/widget/model-widget";
import { getModelFamily, getModelReadme } from "@/lib/hub/models";
import { getProviderSummaries } from "@/lib/hub/providers";
import { getViewerStanding } from "@/lib/hub/repos";
import { modelServing } from "@/lib/model-serving";
import { providerUsage } from "@/lib/model-usage";
import { publicUrl } from "@/lib/public-url";
import { loadModel, type ModelParams } from "../model-page-data";

export async function generateMetadata({ params }: ModelParams): Promise<Metadata> {
	const { owner, model: name } = await params;
	const model = await loadModel(owner, name);
	if (!model) return { title: "Model not found" };
	const task = model.pipeline_tag ? ` for ${model.pipeline_tag}` : "";
	return {
		title: model.id,
		description: `${model.id}: a ${model.library_name ?? "model"} model${task} — card, files and how to run it.`,
	};
}

export default async function ModelPage({ params }: ModelParams) {
	const { owner, model: name } = await params;
	const model = await loadModel(owner, name);
	if (!model) notFound();
	const [readme, summaries, hubUrl, standing, family] = await Promise.all([
		getModelReadme(model.id),
		getProviderSummaries(),
		publicUrl(),
		getViewerStanding("model", model.id),
		getModelFamily(model.id),
	]);
	// One answer to "who serves this model" for the widget and the panel alike.
	const serving = modelServing(model.inferenceProviderMapping, summaries);
	const providers = providerUsage(model, hubUrl, serving);
	const highlighted = await highlightAll(providers);
	return (
		<div className="model-body">
			<div className="model-main">
				{standing.access.mayWrite ? (
					<p className="button-row">
						<Link href={`/${model.id}/edit-card`} className="button button-small">
							{readme?.trim() ? "Edit model card" : "Create a model card"}
						</Link>
					</p>
				) : null}
				<RepoUploadHelp type="model" id={model.id} siblings={model.siblings} />
				{readme?.trim() ? (
					<ModelCard markdown={readme} modelId={model.id} />
				) : (
					<EmptyState title="No model card">
						<p>This repository has no README.md yet.</p>
					</EmptyState>
				)}
			</div>
			<aside className="model-aside">
				<ModelWidget model={model} serving={serving} />
				<Section id="inference" title="Inference providers">
					<HighlightedCode blocks={highlighted}>
						<InferencePanel providers={providers} unavailableReason={serving.serving ? undefined : serving.reason} />
					</HighlightedCode>
				</Section>
				{model.safetensors ? <ModelSizePanel safetensors={model.safetensors} /> : null}
				{model.gguf ? <GgufPanel gguf={model.gguf} /> : null}
				<ModelTreePanel id={model.id} family={family} />
			</aside>
		</div>
	);
}
