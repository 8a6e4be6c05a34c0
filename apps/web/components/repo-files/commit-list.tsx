/** A repository's commits, newest first: title, author, date, a link to each commit's changes. */
import Link from "next/link";
import { formatDay } from "@/lib/format";
import type { CommitItem } from "@/lib/hub/commits";
import { type RepoRef, repoPagePath } from "@/lib/paths";

export function CommitList({ repo, commits }: { repo: RepoRef; commits: CommitItem[] }) {
	return (
		<ol className="commit-list">
			{commits.map((commit) => (
				<li key={commit.id}>
					<span>
						<Link href={`${repoPagePath(repo.type, repo.id)}/commit/${commit.id}`}>
							{commit.title || "(no message)"}
						</Link>
						<span className="muted small">
							{" "}
							by {commit.authors.map((author) => author.user).join(", ") || "unknown"}
						</span>
					</span>
					<span className="muted small">
						<code>{commit.id.slice(0, 7)}</code> · <time dateTime={commit.date}>{formatDay(commit.date)}</time>
					</span>
				</li>
			))}
		</ol>
	);
}
