"use client";
/** "Model card" and "Files" as links (each is its own URL), the current one marked. */
import Link from "next/link";
import { usePathname } from "next/navigation";

export function ModelTabs({ modelId }: { modelId: string }) {
	const pathname = usePathname();
	// Editing, history and commits belong to the Files tab.
	const files = /\/(tree|edit|new|commits|commit)\//.test(pathname);
	const tabs = [
		{ href: `/${modelId}`, label: "Model card", current: !files },
		{ href: `/${modelId}/tree/main`, label: "Files", current: files },
	];
	return (
		<nav aria-label="Model sections" className="page-tabs">
			{tabs.map((tab) => (
				<Link key={tab.href} href={tab.href} className="page-tab" aria-current={tab.current ? "page" : undefined}>
					{tab.label}
				</Link>
			))}
		</nav>
	);
}
