/** What a writing page shows someone signed in who may not write the repository. */
import Link from "next/link";

export function CannotWrite({ repoId, filesHref }: { repoId: string; filesHref: string }) {
	return (
		<div className="error-state" role="alert">
			<h1>You cannot change {repoId}</h1>
			<p className="muted">Only its owner, or members of its organisation who may write, can change its files.</p>
			<Link className="button" href={filesHref}>
				Back to the files
			</Link>
		</div>
	);
}
