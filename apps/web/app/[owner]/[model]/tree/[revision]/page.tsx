import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { FilesTable } from "@/components/model/files-table";
import { DeleteEntry } from "@/components/repo-files/delete-entry";
import { FilesWriteActions } from "@/components/repo-files/files-write-actions";
import { type RepoRef, repoPagePath } from "@/components/repo-files/repo-ref";
import { getModelTree } from "@/lib/hub";
import { getWriteAccess, MAX_EDIT_BYTES } from "@/lib/repo-write";
import { loadModel } from "../../model-page-data";
import "@/components/account/account.css";
import "@/components/repo-files/repo-files.css";

type Props = { params: Promise<{ owner: string; model: string; revision: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
	const { owner, model: name } = await params;
	const model = await loadModel(owner, name);
	if (!model) return { title: "Model not found" };
	return { title: `Files of ${model.id}`, description: `The files of ${model.id}: sizes, LFS objects and downloads.` };
}

export default async function FilesPage({ params }: Props) {
	const { owner, model: name, revision } = await params;
	const model = await loadModel(owner, name);
	if (!model) notFound();
	const repo: RepoRef = { type: "model", id: model.id };
	const [entries, access] = await Promise.all([getModelTree(model.id), getWriteAccess("model", model.id)]);
	const base = repoPagePath(repo);
	const history = (
		<Link className="button button-small" href={`${base}/commits/${encodeURIComponent(revision)}`}>
			History
		</Link>
	);
	return (
		<>
			<div className="files-bar">
				{access.mayWrite ? (
					<FilesWriteActions
						repo={repo}
						revision={revision}
						uploadLimitBytes={access.uploadLimitBytes}
						maxFilesPerCommit={access.maxFilesPerCommit}
					>
						{history}
					</FilesWriteActions>
				) : (
					history
				)}
			</div>
			<FilesTable
				modelId={model.id}
				entries={entries}
				actions={
					access.mayWrite
						? (entry) => (
								<>
									{entry.type === "file" && !entry.lfs && entry.size <= MAX_EDIT_BYTES ? (
										<Link
											className="button button-small"
											href={`${base}/edit/${encodeURIComponent(revision)}/${entry.path.split("/").map(encodeURIComponent).join("/")}`}
											aria-label={`Edit ${entry.path}`}
										>
											Edit
										</Link>
									) : null}
									<DeleteEntry repo={repo} path={entry.path} kind={entry.type} revision={revision} />
								</>
							)
						: undefined
				}
			/>
		</>
	);
}
