/** Editing a text file of a model in the browser: for writers only; signed-out visitors sign in first. */
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CannotWrite } from "@/components/repo-files/cannot-write";
import { FileEditor } from "@/components/repo-files/file-editor";
import { type RepoRef, repoPagePath } from "@/components/repo-files/repo-ref";
import { getWriteAccess, headCommit, readEditableText } from "@/lib/repo-write";
import { requireSessionUser } from "@/lib/session";
import { loadModel } from "../../../model-page-data";
import "@/components/account/account.css";
import "@/components/repo-files/repo-files.css";

type Props = { params: Promise<{ owner: string; model: string; revision: string; path: string[] }> };

const REASONS = {
	missing: "is not in this revision",
	binary: "is a binary file",
	lfs: "is stored with LFS (upload a new version instead)",
	large: "is too large to edit in the browser (upload a new version instead)",
} as const;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
	const { owner, model, path } = await params;
	return {
		title: `Edit ${path.map(decodeURIComponent).join("/")} · ${decodeURIComponent(owner)}/${decodeURIComponent(model)}`,
	};
}

export default async function EditFilePage({ params }: Props) {
	const { owner, model: name, revision: rawRevision, path: segments } = await params;
	const revision = decodeURIComponent(rawRevision);
	const path = segments.map(decodeURIComponent).join("/");
	await requireSessionUser(`/${owner}/${name}/edit/${rawRevision}/${segments.join("/")}`);
	const model = await loadModel(owner, name);
	if (!model) notFound();
	const repo: RepoRef = { type: "model", id: model.id };
	const filesHref = `${repoPagePath(repo)}/tree/${encodeURIComponent(revision)}`;
	const access = await getWriteAccess("model", model.id);
	if (!access.mayWrite) return <CannotWrite repoId={model.id} filesHref={filesHref} />;
	const head = await headCommit("model", model.id, revision);
	if (!head) notFound();
	const file = await readEditableText("model", model.id, head, path);
	if (!file.ok && file.reason === "missing") notFound();
	return (
		<section className="files" aria-labelledby="edit-title">
			<h2 id="edit-title">
				Edit <code>{path}</code>
			</h2>
			{file.ok ? (
				<FileEditor repo={repo} revision={revision} path={path} initialText={file.text} parentCommit={head} />
			) : (
				<p role="alert">
					{path} {REASONS[file.reason]}.
				</p>
			)}
		</section>
	);
}
