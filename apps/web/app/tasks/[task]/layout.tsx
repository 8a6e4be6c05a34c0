/**
 * Checks the tag before anything streams: a loading.tsx below would otherwise
 * have sent a 200 before the page could say "not found".
 */
import { getTaskData } from "@hubkit/tasks";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";

export default async function TaskLayout({
	params,
	children,
}: {
	params: Promise<{ task: string }>;
	children: ReactNode;
}) {
	if (!getTaskData((await params).task)) notFound();
	return children;
}
