/**
 * The frame of a listing (`/models`, `/datasets`): the title with the hub's count, the filter
 * form, the results or an empty state, and the pager. The hub counts listings without a search
 * exactly up to a cap and "at least" past it; `total` and `totalAtLeast` are what it said.
 */
import Link from "next/link";
import type { ReactNode } from "react";
import { formatTotal } from "@/lib/format";

export function ListingPage({
	title,
	countTestId,
	total,
	totalAtLeast,
	filters,
	results,
	empty,
	previous,
	next,
}: {
	title: string;
	countTestId: string;
	total: number | undefined;
	totalAtLeast: number | undefined;
	filters: ReactNode;
	/** The list; undefined when nothing matched, and `empty` is shown instead. */
	results: ReactNode | undefined;
	empty: ReactNode;
	previous: string | undefined;
	next: string | undefined;
}) {
	const count =
		total !== undefined ? formatTotal(total) : totalAtLeast !== undefined ? formatTotal(totalAtLeast, true) : undefined;
	return (
		<div className="page">
			<header className="page-header">
				<h1>
					{title}
					{count ? (
						<>
							{" "}
							<span className="count" data-testid={countTestId}>
								{count}
							</span>
						</>
					) : null}
				</h1>
			</header>
			{filters}
			{results ?? empty}
			<nav className="pager" aria-label="Pages">
				{previous !== undefined ? (
					<Link href={previous} className="button" rel="prev">
						← Previous
					</Link>
				) : (
					<span />
				)}
				{next ? (
					<Link href={next} className="button" rel="next">
						Next →
					</Link>
				) : null}
			</nav>
		</div>
	);
}
