/**
 * Which caller started which queued provider request. A status or result URL
 * (fal.ai's queue, a Replicate prediction, a Black Forest Labs polling URL …)
 * is forwarded only for the caller whose call opened it, so a hub token cannot
 * read other people's results, or the operator's whole account, with the
 * operator's key. The hub keeps this in its database (services/router-follow-ups.ts),
 * so several hubs on one database agree; a router on its own keeps it in memory.
 */

/** How long a started request can be followed up: queued video jobs take minutes, not days. */
export const FOLLOW_UP_LIFETIME_MS = 24 * 60 * 60 * 1000;

export interface FollowUpStore {
	/** Records that `user` started these provider-side requests. */
	remember(provider: string, ids: readonly string[], user: string): Promise<void>;
	/** Whether `user` started `id` at `provider` within the lifetime. */
	owns(provider: string, id: string, user: string): Promise<boolean>;
}

/** A store in this process only, for a router without a database (tests, embedding). */
export function memoryFollowUps(lifetimeMs = FOLLOW_UP_LIFETIME_MS, now: () => number = Date.now): FollowUpStore {
	const started = new Map<string, { user: string; at: number }>();
	const key = (provider: string, id: string) => `${provider}\n${id}`;
	return {
		async remember(provider, ids, user) {
			const at = now();
			for (const [name, entry] of started) if (at - entry.at > lifetimeMs) started.delete(name);
			for (const id of ids) if (!started.has(key(provider, id))) started.set(key(provider, id), { user, at });
		},
		async owns(provider, id, user) {
			const entry = started.get(key(provider, id));
			return entry !== undefined && entry.user === user && now() - entry.at <= lifetimeMs;
		},
	};
}
