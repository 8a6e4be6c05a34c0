import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = {
	title: "Page not found",
	description: "There is no page, model or task at this address.",
};

export default function NotFound() {
	return (
		<div className="error-state">
			<p className="error-code">404</p>
			<h1>Nothing here</h1>
			<p className="muted">
				There is no page, model or task at this address. It may have been renamed or made private.
			</p>
			<div className="button-row">
				<Link href="/models" className="button button-primary">
					Browse models
				</Link>
				<Link href="/tasks" className="button">
					Browse tasks
				</Link>
			</div>
		</div>
	);
}
