/** Creating a text file in a model from the browser: for writers only; signed-out visitors sign in first. */
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CannotWrite } from "@/components/repo-files/cannot-write";
import { FileEditor } from "@/components/repo-files/file-editor";
import { type RepoRef, repoPagePath } from "@/components/repo-files/repo-ref";
import { getWriteAccess, headCommit } from "@/lib/repo-write";
import { requireSessionUser } from "@/lib/session";
import { loadModel } from "../../model-page-data";
import "@/components/account/account.css";
import "@/components/repo-files/repo-files.css";

type Props = { params: Promise<{ owner: string; model: string; revision: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
	const { owner, model } = await params;
	return { title: `New file · ${decodeURIComponent(owner)}/${decodeURIComponent(model)}` };
}

export default async function NewFilePage({ params }: Props) {
	const { owner, model: name, revision: rawRevision } = await params;
	const revision = decodeURIComponent(rawRevision);
	await requireSessionUser(`/${owner}/${name}/new/${rawRevision}`);
	const model = await loadModel(owner, name);
	if (!model) notFound();
	const repo: RepoRef = { type: "model", id: model.id };
	const access = await getWriteAccess("model", model.id);
	if (!access.mayWrite) {
		return <CannotWrite repoId={model.id} filesHref={`${repoPagePath(repo)}/tree/${encodeURIComponent(revision)}`} />;
	}
	const head = await headCommit("model", model.id, revision);
	if (!head) notFound();
	return (
		<section className="files" aria-labelledby="new-title">
			<h2 id="new-title">Create a file</h2>
			<FileEditor repo={repo} revision={revision} initialText="" parentCommit={head} />
		</section>
	);
}
