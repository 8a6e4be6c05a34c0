"use client";
/**
 * A like's state in the browser, for the page's like button and the cards' ones: a press
 * shows the new state at once, then `POST`/`DELETE …/like` settles the count with the
 * hub's; if the hub refuses, it goes back to what it was and says why.
 */
import { useState } from "react";
import { hubCall } from "@/lib/hub/browser";
import { type RepoType, repoApiPath } from "@/lib/paths";

export function useLike(repoType: RepoType, repoId: string, initialLikes: number, initiallyLiked: boolean) {
	const [likes, setLikes] = useState(initialLikes);
	const [liked, setLiked] = useState(initiallyLiked);
	const [busy, setBusy] = useState(false);
	const [error, setError] = useState<string>();

	const toggle = async () => {
		if (busy) return;
		setBusy(true);
		setError(undefined);
		setLiked(!liked);
		setLikes(Math.max(0, likes + (liked ? -1 : 1)));
		const result = await hubCall<{ likes: number }>(`${repoApiPath(repoType, repoId)}/like`, {
			method: liked ? "DELETE" : "POST",
		});
		setBusy(false);
		if (result.ok) return setLikes(result.data.likes);
		setLiked(liked);
		setLikes(likes);
		setError(`${liked ? "Could not take the like back" : "Could not like it"}: ${result.message}`);
	};
	return { likes, liked, busy, error, toggle };
}
