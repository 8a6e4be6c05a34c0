/**
 * What the signed-in visitor liked, for the like buttons on cards (card-like-live.tsx): read
 * in the browser after the page has painted, once per page view whatever the number of cards
 * (`GET /api/users/{name}/likes`, the name from the header's shared whoami), so the list
 * pages stay the same for everyone and need no session on the server. The cards
 * subscribe with `useSyncExternalStore`; the last card to leave a page forgets the
 * answer, so coming back (after liking something on its page) reads it again.
 */

import { hubCall } from "@/lib/hub/browser";
import type { RepoType } from "@/lib/paths";
import { whoAmI } from "../account/who-am-i";

export type ViewerLikes =
	| { state: "unknown" }
	| { state: "signed-out" }
	/** The hub did not answer with the likes: the count is shown without a button. */
	| { state: "unreadable" }
	| { state: "signed-in"; liked: ReadonlySet<string> };

const UNKNOWN: ViewerLikes = { state: "unknown" };

let snapshot: ViewerLikes = UNKNOWN;
/** The page (path and query) the snapshot belongs to. */
let readFor: string | undefined;
let cardsOnPage = 0;
const listeners = new Set<() => void>();

export const likeKey = (type: RepoType, id: string) => `${type}:${id}`;

function publish(next: ViewerLikes) {
	snapshot = next;
	for (const listener of listeners) listener();
}

export function subscribeToViewerLikes(listener: () => void): () => void {
	listeners.add(listener);
	return () => listeners.delete(listener);
}

export const viewerLikes = (): ViewerLikes => snapshot;

async function read(page: string) {
	const me = await whoAmI();
	let next: ViewerLikes = { state: "signed-out" };
	if (me) {
		const answer = await hubCall<{ repo: { name: string; type: RepoType } }[]>(
			`/api/users/${encodeURIComponent(me.name)}/likes`,
		);
		next = answer.ok
			? { state: "signed-in", liked: new Set(answer.data.map((like) => likeKey(like.repo.type, like.repo.name))) }
			: { state: "unreadable" };
	}
	if (readFor === page) publish(next);
}

/** A card arrives on the page: the likes are read unless already read for this page. Returns its leaving. */
export function cardArrived(): () => void {
	cardsOnPage++;
	const page = `${window.location.pathname}${window.location.search}`;
	if (readFor !== page) {
		readFor = page;
		publish(UNKNOWN);
		void read(page);
	}
	return () => {
		cardsOnPage--;
		if (cardsOnPage === 0) {
			readFor = undefined;
			snapshot = UNKNOWN;
		}
	};
}
