/**
 * `/{owner}/{name}/settings`: the model's settings, for those who may write it.
 * Signed out, the visitor is sent to sign in and back; anyone else gets a 404
 * (the tab is not shown to them either).
 */
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RepoSettings } from "@/components/repo/repo-settings";
import { getViewerStanding } from "@/lib/hub/repos";
import { requireSessionUser } from "@/lib/hub/users";
import { loadModel, type ModelParams } from "../model-page-data";
import "@/components/account/account.css";
import "@/components/repo/repo.css";

export async function generateMetadata({ params }: ModelParams): Promise<Metadata> {
	const { owner, model: name } = await params;
	return { title: `Settings · ${decodeURIComponent(owner)}/${decodeURIComponent(name)}` };
}

export default async function ModelSettingsPage({ params }: ModelParams) {
	const { owner, model: name } = await params;
	await requireSessionUser(`/${owner}/${name}/settings`);
	const model = await loadModel(owner, name);
	if (!model) notFound();
	const standing = await getViewerStanding("model", model.id);
	if (!standing.access.mayAdmin) notFound();
	return <RepoSettings repoType="model" repoId={model.id} isPrivate={model.private} gated={model.gated} />;
}
