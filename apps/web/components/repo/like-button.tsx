"use client";
/**
 * A repository's like button with its count, for model and dataset pages and cards.
 * Signed in, a press toggles `POST`/`DELETE …/like` and shows the hub's count;
 * signed out, it is a link to sign in that comes back to this page.
 */
import { usePathname } from "next/navigation";
import { useState } from "react";
import { hubCall } from "@/components/account/hub-call";
import { useHydrated } from "@/components/account/use-hydrated";
import { formatCount } from "@/lib/format";
import { type RepoType, repoApiPath, signInPath } from "@/lib/repo-paths";
import { HeartIcon } from "../ui/icons";
import "./repo.css";

export function LikeButton({
	repoType,
	repoId,
	likes: initialLikes,
	liked: initiallyLiked,
	signedIn,
}: {
	repoType: RepoType;
	repoId: string;
	likes: number;
	liked: boolean;
	signedIn: boolean;
}) {
	const pathname = usePathname();
	const hydrated = useHydrated();
	const [likes, setLikes] = useState(initialLikes);
	const [liked, setLiked] = useState(initiallyLiked);
	const [busy, setBusy] = useState(false);
	const [error, setError] = useState<string>();
	const count = <span data-testid="like-count">{formatCount(likes)}</span>;

	if (!signedIn) {
		return (
			<a className="button button-small like-button" href={signInPath(pathname)} title="Sign in to like">
				<HeartIcon /> Like {count}
			</a>
		);
	}

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
