"use client";
/**
 * The signed-in half of the like button (like-button.tsx, and card-like.tsx on cards): a
 * press shows the new state at once, then `POST`/`DELETE …/like` settles the count with
 * the hub's; if the hub refuses, the button goes back to what it was and says why.
 */
import { useState } from "react";
import { hubCall } from "@/components/account/hub-call";
import { useHydrated } from "@/components/account/use-hydrated";
import { formatCount } from "@/lib/format";
import { type RepoType, repoApiPath } from "@/lib/repo-paths";
import { HeartIcon } from "../ui/icons";

export function LikeToggle({
	repoType,
	repoId,
	likes: initialLikes,
	liked: initiallyLiked,
	compact = false,
}: {
	repoType: RepoType;
	repoId: string;
	likes: number;
	liked: boolean;
	/** On a card: the heart and the count, the words for screen readers only. */
	compact?: boolean;
}) {
	const hydrated = useHydrated();
	const [likes, setLikes] = useState(initialLikes);
	const [liked, setLiked] = useState(initiallyLiked);
	const [busy, setBusy] = useState(false);
	const [error, setError] = useState<string>();
	const count = <span data-testid="like-count">{formatCount(likes)}</span>;

	const toggle = async () => {
		if (busy) return;
		const before = { liked, likes };
		setBusy(true);
		setError(undefined);
		setLiked(!before.liked);
		setLikes(Math.max(0, before.likes + (before.liked ? -1 : 1)));
		const result = await hubCall<{ likes: number }>(`${repoApiPath(repoType, repoId)}/like`, {
			method: before.liked ? "DELETE" : "POST",
		});
		setBusy(false);
		if (!result.ok) {
			setLiked(before.liked);
			setLikes(before.likes);
			setError(`${before.liked ? "Could not take the like back" : "Could not like it"}: ${result.message}`);
			return;
		}
		setLikes(result.data.likes);
	};

	const look = compact ? "card-like" : "button button-small like-button";
	return (
		<span className="like-wrap">
			<button
				type="button"
				className={liked ? `${look} like-on` : look}
				aria-pressed={liked}
				aria-busy={busy}
				onClick={toggle}
				disabled={!hydrated}
				title={compact ? (liked ? "Liked: press to take it back" : "Like") : undefined}
			>
				<HeartIcon />
				{compact ? (
					<>
						<span className="sr-only">Like, </span>
						{count}
						<span className="sr-only"> likes</span>
					</>
				) : (
					<>
						{" "}
						{liked ? "Liked" : "Like"} {count}
					</>
				)}
			</button>
			{error ? (
				<span role="alert" className="form-error small">
					{error}
				</span>
			) : null}
		</span>
	);
}
