import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { SiteFooter } from "@/components/ui/site-footer";
import { SiteHeader } from "@/components/ui/site-header";
import { THEME_INIT_SCRIPT } from "@/components/ui/theme-script";
import "./globals.css";

export const metadata: Metadata = {
	title: { default: "Hubkit – models, tasks and libraries", template: "%s · Hubkit" },
	description:
		"A self-hostable model hub: browse machine-learning tasks, models and libraries, and copy how to run them.",
	icons: { icon: "/icon.svg" },
};

export const viewport: Viewport = {
	width: "device-width",
	initialScale: 1,
	themeColor: [
		{ media: "(prefers-color-scheme: light)", color: "#ffffff" },
		{ media: "(prefers-color-scheme: dark)", color: "#0b0f19" },
	],
};

export default function RootLayout({ children }: { children: ReactNode }) {
	return (
		// The theme script sets data-theme before React hydrates; React must not complain about it.
		<html lang="en" suppressHydrationWarning>
			<head>
				{/* biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed string of ours, not user data. */}
				<script dangerouslySetInnerHTML={{ __html: THEME_INIT_SCRIPT }} />
			</head>
			<body>
				<a href="#main" className="skip-link">
					Skip to content
				</a>
				<SiteHeader />
				<main id="main" className="site-main">
					{children}
				</main>
				<SiteFooter />
			</body>
		</html>
	);
}
