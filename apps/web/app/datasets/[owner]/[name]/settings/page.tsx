/**
 * `/datasets/{owner}/{name}/settings`: the dataset's settings, for those who may write it.
 * Signed out, the visitor is sent to sign in and back; anyone else gets a 404.
 */
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RepoSettings } from "@/components/repo/repo-settings";
import { getViewerStanding } from "@/lib/hub/repos";
import { requireSessionUser } from "@/lib/hub/users";
import { type DatasetParams, loadDataset } from "../dataset-page-data";
import "@/components/account/account.css";
import "@/components/repo/repo.css";

export async function generateMetadata({ params }: DatasetParams): Promise<Metadata> {
	const { owner, name } = await params;
	return { title: `Settings · dataset ${decodeURIComponent(owner)}/${decodeURIComponent(name)}` };
}

export default async function DatasetSettingsPage({ params }: DatasetParams) {
	const { owner, name } = await params;
	await requireSessionUser(`/datasets/${owner}/${name}/settings`);
	const dataset = await loadDataset(owner, name);
	if (!dataset) notFound();
	const standing = await getViewerStanding("dataset", dataset.id);
	if (!standing.access.mayAdmin) notFound();
	return <RepoSettings repoType="dataset" repoId={dataset.id} isPrivate={dataset.private} gated={dataset.gated} />;
}
