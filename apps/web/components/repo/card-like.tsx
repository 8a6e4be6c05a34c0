"use client";
/**
 * The like button on a model's or dataset's card in a list: the server's count for
 * everyone; once the visitor's likes are read (viewer-likes.ts, one request per page),
 * a toggle showing whether they liked it, or for a signed-out visitor a link to sign in
 * that comes back to this page (its query too).
 */
import { usePathname } from "next/navigation";
import { type MouseEvent, useEffect, useSyncExternalStore } from "react";
import { formatCount } from "@/lib/format";
import { type RepoType, signInPath } from "@/lib/repo-paths";
import { HeartIcon } from "../ui/icons";
import { LikeToggle } from "./like-toggle";
import { cardArrived, likeKey, subscribeToViewerLikes, viewerLikes, viewerLikesOnServer } from "./viewer-likes";
import "./repo.css";

/** The sign-in link's `next` is the page as it is now, query and all (the server only knew the path). */
function comeBackHere(event: MouseEvent<HTMLAnchorElement>) {
	event.currentTarget.href = signInPath(`${window.location.pathname}${window.location.search}`);
}

export function CardLike({ repoType, repoId, likes }: { repoType: RepoType; repoId: string; likes: number }) {
	const pathname = usePathname();
	const viewer = useSyncExternalStore(subscribeToViewerLikes, viewerLikes, viewerLikesOnServer);
	useEffect(cardArrived, []);

	if (viewer.state === "signed-in") {
		return (
			<LikeToggle
				compact
				repoType={repoType}
				repoId={repoId}
				likes={likes}
				liked={viewer.liked.has(likeKey(repoType, repoId))}
			/>
		);
	}
	const count = <span data-testid="like-count">{formatCount(likes)}</span>;
	if (viewer.state === "unreadable") {
		return (
			<span className="card-like-count" title={`${likes} likes`}>
				<HeartIcon /> {count}
			</span>
		);
	}
	return (
		<a className="card-like" href={signInPath(pathname)} onClick={comeBackHere} title="Sign in to like">
			<HeartIcon />
			<span className="sr-only">Sign in to like, </span>
			{count}
			<span className="sr-only"> likes</span>
		</a>
	);
}
