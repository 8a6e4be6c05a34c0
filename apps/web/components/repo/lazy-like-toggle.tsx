"use client";
/**
 * The page's like toggle (like-toggle.tsx) as its own chunk: only a signed-in visitor's
 * page renders it, so a signed-out visitor's model or dataset page loads none of it.
 * Until it has loaded, the server's look of the button (`children`, disabled) stands in.
 */
import { type ComponentProps, lazy, type ReactNode, Suspense } from "react";
import type { LikeToggle as Toggle } from "./like-toggle";

const LikeToggle = lazy(() => import("./like-toggle").then((module) => ({ default: module.LikeToggle })));

export function LazyLikeToggle({ children, ...props }: ComponentProps<typeof Toggle> & { children: ReactNode }) {
	return (
		<Suspense fallback={children}>
			<LikeToggle {...props} />
		</Suspense>
	);
}
