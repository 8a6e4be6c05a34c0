/**
 * Models, datasets, metrics or apps a task page names, each with why it is worth
 * a look. Models link to their page on this hub, datasets when this hub holds them;
 * the rest (metrics, apps) are plain text with their description, apps marked as
 * examples (`unlinkedBadge`) since they live elsewhere.
 */
import type { ExampleRepo } from "@hubkit/tasks";
import Link from "next/link";
import { Badge } from "../ui/badge";

export function RepoList({
	items,
	linkTo,
	unlinkedBadge,
}: {
	items: ExampleRepo[];
	linkTo?: (id: string) => string | undefined;
	/** Marks an item without a page here ("Example"). */
	unlinkedBadge?: string;
}) {
	return (
		<ul className="repo-list">
			{items.map((item) => {
				const href = linkTo?.(item.id);
				return (
					<li key={item.id} className="repo-item">
						{href ? (
							<Link href={href} className="repo-id">
								{item.id}
							</Link>
						) : (
							<span className="repo-id">{item.id}</span>
						)}
						{!href && unlinkedBadge ? (
							<>
								{" "}
								<Badge>{unlinkedBadge}</Badge>
							</>
						) : null}
						<p className="muted">{item.description}</p>
					</li>
				);
			})}
		</ul>
	);
}
