/** Links to the site's sections and to the hub's own docs and API reference (app/docs). */
import Link from "next/link";

export const DOCS_LINKS = [
	{ href: "/docs/hub", label: "Hub documentation" },
	{ href: "/docs/api", label: "API reference" },
];

export function SiteFooter() {
	return (
		<footer className="site-footer">
			<div className="site-footer-inner">
				<span className="muted">Hubkit — a self-hostable model hub</span>
				<nav aria-label="Footer" className="footer-nav">
					<Link href="/tasks">Tasks</Link>
					<Link href="/models">Models</Link>
					<Link href="/libraries">Libraries</Link>
					{DOCS_LINKS.map((link) => (
						<Link key={link.href} href={link.href}>
							{link.label}
						</Link>
					))}
				</nav>
			</div>
		</footer>
	);
}
