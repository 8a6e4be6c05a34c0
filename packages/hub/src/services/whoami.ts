/** `GET /api/whoami-v2`: the caller, in the exact key set clients compare against (reference/hub-api.md §7). */
import type { Caller } from "../auth/caller.js";
import { avatarPath } from "./avatar.js";

/** `hubUrl`: the hub's public URL (src/public-url.ts), never the request's Host. */
export function whoamiBody(caller: Caller, hubUrl: string) {
	return {
		type: "user",
		id: caller.userId,
		name: caller.userName,
		fullname: caller.fullname,
		email: caller.email,
		emailVerified: caller.email !== null,
		canPay: false,
		isPro: false,
		periodEnd: null,
		avatarUrl: `${hubUrl}${avatarPath(caller.userName)}`,
		billingMode: "postpaid",
		orgs: [],
		auth: {
			type: "access_token",
			accessToken: {
				displayName: caller.token.displayName,
				role: caller.token.role,
				createdAt: caller.token.createdAt,
			},
		},
	};
}
