/**
 * The like button on a model's or dataset's card in a list. Everyone gets the server's
 * count as a link to sign in (to the repository's page without script; with it, back to
 * this very page); for a signed-in visitor it turns into a toggle (card-like-live.tsx,
 * loaded only then), so a signed-out visitor's list loads no more than a few lines of
 * script for it.
 */
import { formatCount } from "@/lib/format";
import { type RepoType, repoPagePath, signInPath } from "@/lib/paths";
import { HeartIcon } from "../ui/icons";
import { CardLikeUpgrade } from "./card-like-upgrade";
import "./repo.css";

export function CardLike({ repoType, repoId, likes }: { repoType: RepoType; repoId: string; likes: number }) {
	return (
		<CardLikeUpgrade repoType={repoType} repoId={repoId} likes={likes}>
			<a className="card-like" href={signInPath(repoPagePath(repoType, repoId))} title="Sign in to like">
				<HeartIcon />
				<span className="sr-only">Sign in to like, </span>
				<span data-testid="like-count">{formatCount(likes)}</span>
				<span className="sr-only"> likes</span>
			</a>
		</CardLikeUpgrade>
	);
}
