import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import type { ReactNode } from "react";
import { ModelHeader } from "@/components/model/model-header";
import { ModelTabs } from "@/components/model/model-tabs";
import { UseThisModel } from "@/components/model/use-this-model";
import { CloneRepository } from "@/components/repo/clone-repository";
import { GatedAccess } from "@/components/repo/gated-access";
import { LikeButton } from "@/components/repo/like-button";
import { highlightAll } from "@/components/snippet/highlight";
import { HighlightedCode } from "@/components/snippet/highlighted-code";
import { getViewerStanding } from "@/lib/hub/repos";
import { libraryUsage, localAppUsage, modelData } from "@/lib/model-usage";
import { loadModel, type ModelParams } from "./model-page-data";

/** The model is looked up here, above every loading.tsx, so a missing one answers with a real 404. */
export default async function ModelLayout({ params, children }: ModelParams & { children: ReactNode }) {
	const { owner, model: name } = await params;
	const model = await loadModel(owner, name);
	if (!model) notFound();
	// A renamed model's old id: the hub answered with the new one, so its page is the place to be.
	if (model.id !== `${decodeURIComponent(owner)}/${decodeURIComponent(name)}`) redirect(`/${model.id}`);
	const standing = await getViewerStanding("model", model.id);
	const data = modelData(model);
	const libraries = libraryUsage(data);
	const apps = localAppUsage(data);
	const highlighted = await highlightAll([libraries, apps]);
	return (
		<div className="page model-page">
			<ModelHeader
				model={model}
				like={
					<LikeButton
						repoType="model"
						repoId={model.id}
						likes={model.likes}
						liked={standing.liked}
						signedIn={standing.viewer !== undefined}
					/>
				}
			/>
			<div className="model-toolbar">
				<ModelTabs modelId={model.id} mayAdmin={standing.access.mayAdmin} />
				<div className="repo-actions">
					<CloneRepository
						type="model"
						id={model.id}
						private={model.private}
						gated={model.gated}
						mirrorOf={standing.access.mirrorOf}
					/>
					<HighlightedCode blocks={highlighted}>
						<UseThisModel libraries={libraries} apps={apps} />
					</HighlightedCode>
				</div>
			</div>
			{model.gated && !standing.access.mayDownload ? (
				<GatedAccess
					repoType="model"
					repoId={model.id}
					status={standing.access.status}
					signedIn={standing.viewer !== undefined}
				/>
			) : null}
			{children}
			<p className="sr-only">
				<Link href="/models">All models</Link>
			</p>
		</div>
	);
}
