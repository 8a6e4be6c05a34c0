"use client";
/** The signed-in half of the like button (like-button.tsx): a press toggles the like (use-like.ts). */
import { useHydrated } from "@/components/ui/use-hydrated";
import { formatCount } from "@/lib/format";
import type { RepoType } from "@/lib/paths";
import { HeartIcon } from "../ui/icons";
import { useLike } from "./use-like";

export function LikeToggle({
	repoType,
	repoId,
	likes: initialLikes,
	liked: initiallyLiked,
}: {
	repoType: RepoType;
	repoId: string;
	likes: number;
	liked: boolean;
}) {
	const hydrated = useHydrated();
	const { likes, liked, busy, error, toggle } = useLike(repoType, repoId, initialLikes, initiallyLiked);

	return (
		<span className="like-wrap">
			<button
				type="button"
				className={liked ? "button button-small like-button like-on" : "button button-small like-button"}
				aria-pressed={liked}
				aria-busy={busy}
				onClick={toggle}
				disabled={!hydrated}
			>
				<HeartIcon /> {liked ? "Liked" : "Like"} <span data-testid="like-count">{formatCount(likes)}</span>
			</button>
			{error ? (
				<span role="alert" className="form-error small">
					{error}
				</span>
			) : null}
		</span>
	);
}
