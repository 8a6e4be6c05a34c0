"use client";
/**
 * The small island around a card's sign-in link (card-like.tsx): a press on the link
 * comes back to this page, query and all; once the header's whoami (shared, no request
 * of its own) says someone is signed in, the toggle is loaded and takes the link's place.
 */
import { lazy, type MouseEvent, type ReactNode, Suspense, useEffect, useState } from "react";
import type { RepoType } from "@/lib/paths";
import { whoAmI } from "../account/who-am-i";

const CardLikeLive = lazy(() => import("./card-like-live"));

function comeBackHere(event: MouseEvent<HTMLElement>) {
	const link = (event.target as Element).closest("a");
	if (link) link.search = `?next=${encodeURIComponent(window.location.pathname + window.location.search)}`;
}

export function CardLikeUpgrade(props: { repoType: RepoType; repoId: string; likes: number; children: ReactNode }) {
	const [signedIn, setSignedIn] = useState(false);
	useEffect(() => {
		let live = true;
		void whoAmI().then((me) => live && setSignedIn(me !== null));
		return () => {
			live = false;
		};
	}, []);
	if (!signedIn) return <span onClickCapture={comeBackHere}>{props.children}</span>;
	return (
		<Suspense fallback={props.children}>
			<CardLikeLive {...props} />
		</Suspense>
	);
}
