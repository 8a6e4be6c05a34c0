/** Only the main branch is browsable for now; any other revision is a 404 decided before the page streams. */
import { notFound } from "next/navigation";
import type { ReactNode } from "react";

export default async function RevisionLayout({
	params,
	children,
}: {
	params: Promise<{ revision: string }>;
	children: ReactNode;
}) {
	if ((await params).revision !== "main") notFound();
	return children;
}
