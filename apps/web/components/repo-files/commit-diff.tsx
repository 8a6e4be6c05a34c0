/**
 * One commit's changes: per file its status and sizes, and for text files the line diff against
 * the parent (added lines marked +, deleted −, long unchanged stretches folded).
 */
import { formatBytes } from "@/lib/format";
import type { FileChange } from "@/lib/hub/commits";

const STATUS = { added: "Added", deleted: "Deleted", modified: "Changed" } as const;
const MARK = { add: "+", del: "−", same: " " } as const;

function sizes(change: FileChange): string {
	if (change.status === "added") return formatBytes(change.newSize ?? 0);
	if (change.status === "deleted") return formatBytes(change.oldSize ?? 0);
	return `${formatBytes(change.oldSize ?? 0)} → ${formatBytes(change.newSize ?? 0)}`;
}

export function CommitDiff({ changes }: { changes: FileChange[] }) {
	if (changes.length === 0) return <p className="muted">This commit changes no files.</p>;
	return (
		<>
			{changes.map((change) => (
				<section key={change.path} className="diff-file" aria-label={`${STATUS[change.status]} ${change.path}`}>
					<h2>
						{change.path}{" "}
						<span className="muted small">
							{STATUS[change.status]} · {sizes(change)}
						</span>
					</h2>
					{change.lines ? (
						// A scrollable region must be reachable by keyboard.
						// biome-ignore lint/a11y/noNoninteractiveTabindex: the diff scrolls sideways
						<pre className="diff-lines" tabIndex={0}>
							{change.lines.map((line, index) =>
								line.kind === "gap" ? (
									// biome-ignore lint/suspicious/noArrayIndexKey: diff lines are known by their place
									<span key={index} className="diff-line diff-gap">
										{`⋯ ${line.count} unchanged ${line.count === 1 ? "line" : "lines"}`}
									</span>
								) : (
									// biome-ignore lint/suspicious/noArrayIndexKey: diff lines are known by their place
									<span key={index} className={`diff-line diff-${line.kind}`} data-kind={line.kind}>
										{line.kind === "add" ? <span className="sr-only">Added: </span> : null}
										{line.kind === "del" ? <span className="sr-only">Deleted: </span> : null}
										{`${MARK[line.kind]} ${line.text}`}
									</span>
								),
							)}
						</pre>
					) : (
						<p className="muted small">{change.note}</p>
					)}
				</section>
			))}
		</>
	);
}
