/**
 * Models, datasets, metrics or apps a task page names, each with why it is worth
 * a look. Models link to their page on this hub, datasets when this hub holds them;
 * the rest (metrics, apps) are plain text with their description.
 */
import type { ExampleRepo } from "@hubkit/tasks";
import Link from "next/link";

export function RepoList({ items, linkTo }: { items: ExampleRepo[]; linkTo?: (id: string) => string | undefined }) {
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
						<p className="muted">{item.description}</p>
					</li>
				);
			})}
		</ul>
	);
}
