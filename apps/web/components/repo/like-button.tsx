/**
 * A repository's like button with its count, for model and dataset pages and cards.
 * Signed in, a press toggles `POST`/`DELETE …/like` and shows the hub's count (a small
 * client island); signed out, it is a plain link to sign in that comes back to
 * `here`, with no script at all.
 */
import { formatCount } from "@/lib/format";
import { type RepoType, repoPagePath, signInPath } from "@/lib/repo-paths";
import { HeartIcon } from "../ui/icons";
import { LikeToggle } from "./like-toggle";
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
	if (signedIn) return <LikeToggle repoType={repoType} repoId={repoId} likes={likes} liked={liked} />;
	return (
		<a className="button button-small like-button" href={signInPath(here)} title="Sign in to like">
			<HeartIcon /> Like <span data-testid="like-count">{formatCount(likes)}</span>
		</a>
	);
}
