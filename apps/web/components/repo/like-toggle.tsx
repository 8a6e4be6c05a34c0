"use client";
/** The signed-in half of the like button (like-button.tsx): a press toggles the like. */
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
}: {
	repoType: RepoType;
	repoId: string;
	likes: number;
	liked: boolean;
}) {
	const hydrated = useHydrated();
	const [likes, setLikes] = useState(initialLikes);
	const [liked, setLiked] = useState(initiallyLiked);
	const [busy, setBusy] = useState(false);
	const [error, setError] = useState<string>();
	const count = <span data-testid="like-count">{formatCount(likes)}</span>;

	const toggle = async () => {
		setBusy(true);
		setError(undefined);
		const result = await hubCall<{ likes: number }>(`${repoApiPath(repoType, repoId)}/like`, {
			method: liked ? "DELETE" : "POST",
		});
		setBusy(false);
		if (!result.ok) {
			setError(result.message);
			return;
		}
		setLiked(!liked);
		setLikes(result.data.likes);
	};

	return (
		<span className="like-wrap">
			<button
				type="button"
				className={liked ? "button button-small like-button like-on" : "button button-small like-button"}
				aria-pressed={liked}
				onClick={toggle}
				disabled={busy || !hydrated}
			>
				<HeartIcon /> {liked ? "Liked" : "Like"} {count}
			</button>
			{error ? (
				<span role="alert" className="form-error small">
					{error}
				</span>
			) : null}
		</span>
	);
}
