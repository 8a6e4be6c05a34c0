"use client";
/**
 * A card's like toggle for a signed-in visitor (loaded by card-like-upgrade.tsx): pressed
 * when the visitor's likes (viewer-likes.ts, read once per page) hold the repository;
 * until they are read, the card's link stays; if they cannot be read, the count alone.
 */
import { type ReactNode, useEffect, useSyncExternalStore } from "react";
import { formatCount } from "@/lib/format";
import type { RepoType } from "@/lib/paths";
import { HeartIcon } from "../ui/icons";
import { useLike } from "./use-like";
import { cardArrived, likeKey, subscribeToViewerLikes, viewerLikes } from "./viewer-likes";

function CardLikeToggle({
	repoType,
	repoId,
	likes,
	liked,
}: {
	repoType: RepoType;
	repoId: string;
	likes: number;
	liked: boolean;
}) {
	const like = useLike(repoType, repoId, likes, liked);
	return (
		<span className="like-wrap">
			<button
				type="button"
				className={like.liked ? "card-like like-on" : "card-like"}
				aria-pressed={like.liked}
				aria-busy={like.busy}
				onClick={like.toggle}
				title={like.liked ? "Liked: press to take it back" : "Like"}
			>
				<HeartIcon />
				<span className="sr-only">Like, </span>
				<span data-testid="like-count">{formatCount(like.likes)}</span>
				<span className="sr-only"> likes</span>
			</button>
			{like.error ? (
				<span role="alert" className="form-error small">
					{like.error}
				</span>
			) : null}
		</span>
	);
}

export default function CardLikeLive({
	repoType,
	repoId,
	likes,
	children,
}: {
	repoType: RepoType;
	repoId: string;
	likes: number;
	children: ReactNode;
}) {
	const viewer = useSyncExternalStore(subscribeToViewerLikes, viewerLikes, viewerLikes);
	useEffect(cardArrived, []);
	if (viewer.state === "signed-in") {
		const liked = viewer.liked.has(likeKey(repoType, repoId));
		return <CardLikeToggle repoType={repoType} repoId={repoId} likes={likes} liked={liked} />;
	}
	if (viewer.state === "unreadable") {
		return (
			<span className="card-like-count" title={`${likes} likes`}>
				<HeartIcon /> <span data-testid="like-count">{formatCount(likes)}</span>
			</span>
		);
	}
	return children;
}
