/**
 * Models, datasets, metrics or apps a task page names, each with why it is worth
 * a look. Models link to their page on this hub; the hub holds no datasets or
 * apps yet, so those are plain text with their description.
 */
import type { ExampleRepo } from "@hubkit/tasks";
import Link from "next/link";

export function RepoList({ items, linkTo }: { items: ExampleRepo[]; linkTo?: (id: string) => string }) {
	return (
		<ul className="repo-list">
			{items.map((item) => (
				<li key={item.id} className="repo-item">
					{linkTo ? (
						<Link href={linkTo(item.id)} className="repo-id">
							{item.id}
						</Link>
					) : (
						<span className="repo-id">{item.id}</span>
					)}
					<p className="muted">{item.description}</p>
				</li>
			))}
		</ul>
	);
}
