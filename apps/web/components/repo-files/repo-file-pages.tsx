/**
 * The bodies of the Files tab's pages, for a model or a dataset: the file list (with
 * the writing tools for writers), the history of a branch, one commit, and the editor
 * for a new or an existing text file. Each page finds its repository (a 404 when there
 * is none, sign-in first where it writes) and hands it here.
 */
import Link from "next/link";
import { notFound } from "next/navigation";
import { FilesTable } from "@/components/model/files-table";
import { formatDay } from "@/lib/format";
import {
	getCommitDetail,
	getWriteAccess,
	headCommit,
	listRepoCommits,
	MAX_EDIT_BYTES,
	readEditableText,
} from "@/lib/hub/commits";
import { getRepoTree } from "@/lib/hub/repos";
import { encodePath, type RepoRef, repoPagePath } from "@/lib/paths";
import { CannotWrite } from "./cannot-write";
import { CommitDiff } from "./commit-diff";
import { CommitList } from "./commit-list";
import { DeleteEntry } from "./delete-entry";
import { FileEditor } from "./file-editor";
import { FilesWriteActions } from "./files-write-actions";

const filesPath = (repo: RepoRef, revision: string) =>
	`${repoPagePath(repo.type, repo.id)}/tree/${encodeURIComponent(revision)}`;

export async function RepoFiles({ repo, revision }: { repo: RepoRef; revision: string }) {
	const [entries, access] = await Promise.all([getRepoTree(repo.type, repo.id), getWriteAccess(repo.type, repo.id)]);
	const base = repoPagePath(repo.type, repo.id);
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
						refusedTypes={access.refusedTypes}
					>
						{history}
					</FilesWriteActions>
				) : (
					history
				)}
			</div>
			<FilesTable
				modelId={repo.id}
				repoType={repo.type}
				entries={entries}
				actions={
					access.mayWrite
						? (entry) => (
								<>
									{entry.type === "file" && !entry.lfs && entry.size <= MAX_EDIT_BYTES ? (
										<Link
											className="button button-small"
											href={`${base}/edit/${encodeURIComponent(revision)}/${encodePath(entry.path)}`}
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

export async function RepoHistory({ repo, revision }: { repo: RepoRef; revision: string }) {
	const history = await listRepoCommits(repo.type, repo.id, revision, 100);
	if (!history) notFound();
	return (
		<section className="files" aria-labelledby="history-title">
			<div className="files-bar">
				<h2 id="history-title">
					History of {revision} <span className="muted small">· {history.total} commits</span>
				</h2>
				<Link href={filesPath(repo, revision)}>Files</Link>
			</div>
			<CommitList repo={repo} commits={history.commits} />
			{history.total > history.commits.length ? (
				<p className="muted small">The {history.commits.length} newest commits are shown.</p>
			) : null}
		</section>
	);
}

export async function RepoCommit({ repo, sha }: { repo: RepoRef; sha: string }) {
	if (!/^[0-9a-f]{7,64}$/.test(sha)) notFound();
	const detail = await getCommitDetail(repo.type, repo.id, sha);
	if (!detail) notFound();
	const { commit, parent, changes } = detail;
	const base = repoPagePath(repo.type, repo.id);
	return (
		<section className="files" aria-labelledby="commit-title">
			<h2 id="commit-title">{commit.title || "(no message)"}</h2>
			<p className="muted small commit-meta">
				<code>{commit.id}</code> by {commit.authors.map((author) => author.user).join(", ") || "unknown"} on{" "}
				<time dateTime={commit.date}>{formatDay(commit.date)}</time>
				{parent ? (
					<>
						{" "}
						· parent <Link href={`${base}/commit/${parent.id}`}>{parent.id.slice(0, 7)}</Link>
					</>
				) : (
					" · the first commit"
				)}{" "}
				· <Link href={`${base}/commits/main`}>History</Link>
			</p>
			{commit.message && commit.message !== commit.title ? <p>{commit.message}</p> : null}
			<CommitDiff changes={changes} />
		</section>
	);
}

const REASONS = {
	missing: "is not in this revision",
	binary: "is a binary file",
	lfs: "is stored with LFS (upload a new version instead)",
	large: "is too large to edit in the browser (upload a new version instead)",
} as const;

/** `path`: the file to edit; without it, a new file. */
export async function RepoFileEditor({ repo, revision, path }: { repo: RepoRef; revision: string; path?: string }) {
	const access = await getWriteAccess(repo.type, repo.id);
	if (!access.mayWrite) return <CannotWrite repoId={repo.id} filesHref={filesPath(repo, revision)} />;
	const head = await headCommit(repo.type, repo.id, revision);
	if (!head) notFound();
	if (path === undefined) {
		return (
			<section className="files" aria-labelledby="new-title">
				<h2 id="new-title">Create a file</h2>
				<FileEditor repo={repo} revision={revision} initialText="" parentCommit={head} />
			</section>
		);
	}
	const file = await readEditableText(repo.type, repo.id, head, path);
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
