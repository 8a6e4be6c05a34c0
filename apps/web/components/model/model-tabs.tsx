"use client";
/** "Model card" (or "Dataset card"), "Files" (and "Settings" for those who administer it) as links (each is its own URL), the current one marked. */
import Link from "next/link";
import { usePathname } from "next/navigation";
import { type RepoType, repoPagePath } from "@/lib/paths";

/** `mayAdmin`: the visitor may change the repository's settings, so its Settings tab is shown. */
export function ModelTabs({
	modelId,
	repoType = "model",
	mayAdmin = false,
}: {
	modelId: string;
	repoType?: RepoType;
	mayAdmin?: boolean;
}) {
	const pathname = usePathname();
	const base = repoPagePath(repoType, modelId);
	const inSettings = pathname.endsWith("/settings");
	// Editing, history and commits belong to the Files tab.
	const files = /\/(tree|edit|new|commits|commit)\//.test(pathname);
	const tabs = [
		{
			href: base,
			label: repoType === "model" ? "Model card" : "Dataset card",
			current: !files && !inSettings,
		},
		{ href: `${base}/tree/main`, label: "Files", current: files },
		...(mayAdmin ? [{ href: `${base}/settings`, label: "Settings", current: inSettings }] : []),
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
