import type { ReactNode } from "react";

/** What a section shows when it has nothing yet, said plainly. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
	return (
		<div className="empty-state">
			<p className="empty-state-title">{title}</p>
			{children ? <div className="empty-state-body">{children}</div> : null}
		</div>
	);
}
