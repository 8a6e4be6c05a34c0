import type { ReactNode } from "react";

/** A titled block of a page; the heading id lets the section be named by aria-labelledby. */
export function Section({
	id,
	title,
	children,
	aside,
}: {
	id: string;
	title: string;
	children: ReactNode;
	aside?: ReactNode;
}) {
	return (
		<section className="section" aria-labelledby={`${id}-title`}>
			<div className="section-head">
				<h2 id={`${id}-title`}>{title}</h2>
				{aside}
			</div>
			{children}
		</section>
	);
}
