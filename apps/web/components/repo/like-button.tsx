/**
 * A repository's like button with its count, for model and dataset pages and cards.
 * Signed in, a press toggles `POST`/`DELETE …/like` and shows the hub's count (a small
 * client island, loaded only for them: lazy-like-toggle.tsx); signed out, it is a plain
 * link to sign in that comes back to `here`, with no script at all. Cards in lists have
 * their own, smaller button (card-like.tsx).
 */
import { formatCount } from "@/lib/format";
import { type RepoType, repoPagePath, signInPath } from "@/lib/paths";
import { HeartIcon } from "../ui/icons";
import { LazyLikeToggle } from "./lazy-like-toggle";
import "./repo.css";

export function LikeButton({
	repoType,
	repoId,
	likes,
	liked,
	signedIn,
	here = repoPagePath(repoType, repoId),
}: {
	repoType: RepoType;
	repoId: string;
	likes: number;
	liked: boolean;
	signedIn: boolean;
	/** Where sign-in comes back to: the repository's page unless told otherwise. */
	here?: string;
}) {
	if (signedIn) {
		return (
			<LazyLikeToggle repoType={repoType} repoId={repoId} likes={likes} liked={liked}>
				<span className="like-wrap">
					<button
						type="button"
						className={liked ? "button button-small like-button like-on" : "button button-small like-button"}
						aria-pressed={liked}
						disabled
					>
						<HeartIcon /> {liked ? "Liked" : "Like"} <span data-testid="like-count">{formatCount(likes)}</span>
					</button>
				</span>
			</LazyLikeToggle>
		);
	}
	return (
		<a className="button button-small like-button" href={signInPath(here)} title="Sign in to like">
			<HeartIcon /> Like <span data-testid="like-count">{formatCount(likes)}</span>
		</a>
	);
}
