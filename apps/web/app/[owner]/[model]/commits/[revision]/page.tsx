/** A model's history: the commits of a branch, newest first, each linking to its changes. */
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CommitList } from "@/components/repo-files/commit-list";
import { type RepoRef, repoPagePath } from "@/components/repo-files/repo-ref";
import { listRepoCommits } from "@/lib/repo-write";
import { loadModel } from "../../model-page-data";
import "@/components/repo-files/repo-files.css";

type Props = { params: Promise<{ owner: string; model: string; revision: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
	const { owner, model } = await params;
	return { title: `History · ${decodeURIComponent(owner)}/${decodeURIComponent(model)}` };
}

export default async function CommitsPage({ params }: Props) {
	const { owner, model: name, revision: rawRevision } = await params;
	const revision = decodeURIComponent(rawRevision);
	const model = await loadModel(owner, name);
	if (!model) notFound();
	const repo: RepoRef = { type: "model", id: model.id };
	const history = await listRepoCommits("model", model.id, revision, 100);
	if (!history) notFound();
	return (
		<section className="files" aria-labelledby="history-title">
			<div className="files-bar">
				<h2 id="history-title">
					History of {revision} <span className="muted small">· {history.total} commits</span>
				</h2>
				<Link href={`${repoPagePath(repo)}/tree/${encodeURIComponent(revision)}`}>Files</Link>
			</div>
			<CommitList repo={repo} commits={history.commits} />
			{history.total > history.commits.length ? (
				<p className="muted small">The {history.commits.length} newest commits are shown.</p>
			) : null}
		</section>
	);
}
