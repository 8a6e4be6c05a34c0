/** Creating a text file in a model from the browser: for writers only; signed-out visitors sign in first. */
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RepoFileEditor } from "@/components/repo-files/repo-file-pages";
import { requireSessionUser } from "@/lib/hub/users";
import { loadModel } from "../../model-page-data";
import "@/components/account/account.css";
import "@/components/repo-files/repo-files.css";

type Props = { params: Promise<{ owner: string; model: string; revision: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
	const { owner, model } = await params;
	return { title: `New file · ${decodeURIComponent(owner)}/${decodeURIComponent(model)}` };
}

export default async function NewFilePage({ params }: Props) {
	const { owner, model: name, revision } = await params;
	await requireSessionUser(`/${owner}/${name}/new/${revision}`);
	const model = await loadModel(owner, name);
	if (!model) notFound();
	return <RepoFileEditor repo={{ type: "model", id: model.id }} revision={decodeURIComponent(revision)} />;
}
