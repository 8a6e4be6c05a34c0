"use client";
/** The settings pages' side navigation; the current page is marked for screen readers too. */
import Link from "next/link";
import { usePathname } from "next/navigation";
import "./account.css";

const PAGES = [
	{ href: "/settings/profile", label: "Profile" },
	{ href: "/settings/password", label: "Password" },
	{ href: "/settings/tokens", label: "Access tokens" },
	{ href: "/settings/organizations", label: "Organizations" },
	{ href: "/settings/storage", label: "Storage" },
	{ href: "/settings/applications", label: "Applications" },
	{ href: "/settings/account", label: "Account" },
];

export function SettingsNav() {
	const pathname = usePathname();
	return (
		<nav aria-label="Settings" className="settings-nav">
			<ul>
				{PAGES.map((page) => (
					<li key={page.href}>
						<Link href={page.href} aria-current={pathname === page.href ? "page" : undefined}>
							{page.label}
						</Link>
					</li>
				))}
			</ul>
		</nav>
	);
}
