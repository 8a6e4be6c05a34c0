"use client";
/** "Model card" (or "Dataset card") and "Files" as links (each is its own URL), the current one marked. */
import Link from "next/link";
import { usePathname } from "next/navigation";
import { type RepoType, repoWebPath } from "@/lib/repos";

export function ModelTabs({ modelId, repoType = "model" }: { modelId: string; repoType?: RepoType }) {
	const pathname = usePathname();
	const base = repoWebPath(repoType, modelId);
	const tabs = [
		{
			href: base,
			label: repoType === "model" ? "Model card" : "Dataset card",
			current: !pathname.includes("/tree/"),
		},
		{ href: `${base}/tree/main`, label: "Files", current: pathname.includes("/tree/") },
	];
	return (
		<nav aria-label={repoType === "model" ? "Model sections" : "Dataset sections"} className="page-tabs">
			{tabs.map((tab) => (
				<Link key={tab.href} href={tab.href} className="page-tab" aria-current={tab.current ? "page" : undefined}>
					{tab.label}
				</Link>
			))}
		</nav>
	);
}
