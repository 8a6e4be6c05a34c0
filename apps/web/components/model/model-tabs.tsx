"use client";
/** "Model card", "Files" (and "Settings" for writers) as links (each is its own URL), the current one marked. */
import Link from "next/link";
import { usePathname } from "next/navigation";

/** `mayWrite`: the visitor may change the model, so its Settings tab is shown. */
export function ModelTabs({ modelId, mayWrite = false }: { modelId: string; mayWrite?: boolean }) {
	const pathname = usePathname();
	const inSettings = pathname.endsWith("/settings");
	const tabs = [
		{ href: `/${modelId}`, label: "Model card", current: !pathname.includes("/tree/") && !inSettings },
		{ href: `/${modelId}/tree/main`, label: "Files", current: pathname.includes("/tree/") },
		...(mayWrite ? [{ href: `/${modelId}/settings`, label: "Settings", current: inSettings }] : []),
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
