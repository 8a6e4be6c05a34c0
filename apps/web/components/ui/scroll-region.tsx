/**
 * A box that scrolls sideways (wide tables, long code lines). Keyboard users
 * must be able to scroll it too, so it takes focus and is a named region, a
 * labelled section (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
import type { ReactNode } from "react";

export function ScrollRegion({
	label,
	className,
	children,
}: {
	label: string;
	className: string;
	children: ReactNode;
}) {
	return (
		// biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable from the keyboard to scroll.
		<section className={className} aria-label={label} tabIndex={0}>
			{children}
		</section>
	);
}

/** react-markdown's `pre`: code blocks in cards and docs scroll sideways, so they take focus too. */
export function ScrollablePre({ children }: { children?: ReactNode }) {
	return (
		// biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling block must be reachable from the keyboard to scroll.
		<pre tabIndex={0}>{children}</pre>
	);
}

/** react-markdown's `table`: prose tables scroll sideways on narrow screens, so they take focus too. */
export function ScrollableTable({ children }: { children?: ReactNode }) {
	return (
		// biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable from the keyboard to scroll.
		<table tabIndex={0}>{children}</table>
	);
}
