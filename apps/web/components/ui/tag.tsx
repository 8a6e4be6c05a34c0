/** A small rounded label: task, library, license, any model tag. Links when given an href. */
import Link from "next/link";
import type { ReactNode } from "react";

interface TagProps {
	children: ReactNode;
	href?: string;
	/** A pipeline colour from @hubkit/tasks, for task tags. */
	color?: string;
	title?: string;
}

export function Tag({ children, href, color, title }: TagProps) {
	const className = color ? `tag tag-${color}` : "tag";
	return href ? (
		<Link href={href} className={className} title={title}>
			{children}
		</Link>
	) : (
		<span className={className} title={title}>
			{children}
		</span>
	);
}
