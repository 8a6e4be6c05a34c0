/** Checks the doc name before the page streams, so an unknown one is a real 404. */
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { isDocPage } from "@/lib/docs";

export default async function DocLayout({
	params,
	children,
}: {
	params: Promise<{ page: string }>;
	children: ReactNode;
}) {
	if (!isDocPage((await params).page)) notFound();
	return children;
}
