/** Checks the library key before the page streams, so an unknown key is a real 404. */
import { isModelLibraryKey } from "@hubkit/tasks";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";

export default async function LibraryLayout({
	params,
	children,
}: {
	params: Promise<{ key: string }>;
	children: ReactNode;
}) {
	if (!isModelLibraryKey((await params).key)) notFound();
	return children;
}
