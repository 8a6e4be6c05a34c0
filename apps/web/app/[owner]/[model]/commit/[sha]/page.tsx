/** One commit of a model: who made it, when, and what it changed against its parent. */
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CommitDiff } from "@/components/repo-files/commit-diff";
import { type RepoRef, repoPagePath } from "@/components/repo-files/repo-ref";
import { formatDay } from "@/lib/format";
import { getCommitDetail } from "@/lib/repo-write";
import { loadModel } from "../../model-page-data";
import "@/components/repo-files/repo-files.css";

type Props = { params: Promise<{ owner: string; model: string; sha: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
	const { owner, model, sha } = await params;
	return { title: `Commit ${sha.slice(0, 7)} · ${decodeURIComponent(owner)}/${decodeURIComponent(model)}` };
}

export default async function CommitPage({ params }: Props) {
	const { owner, model: name, sha } = await params;
	const model = await loadModel(owner, name);
	if (!model) notFound();
	if (!/^[0-9a-f]{7,64}$/.test(sha)) notFound();
	const repo: RepoRef = { type: "model", id: model.id };
	const detail = await getCommitDetail("model", model.id, sha);
	if (!detail) notFound();
	const { commit, parent, changes } = detail;
	const base = repoPagePath(repo);
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
