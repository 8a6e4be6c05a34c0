/** `GET /api/whoami-v2`: the caller, in the exact key set clients compare against (reference/hub-api.md §7). */
import type { Caller } from "../auth/caller.js";
import { avatarUrl } from "./avatar.js";
import type { OrgMembership } from "./organizations.js";

/**
 * `hubUrl`: the hub's public URL (src/public-url.ts), never the request's Host. A browser
 * session answers like a write token named "Browser session", created at sign-in.
 */
export function whoamiBody(
	caller: Caller,
	hubUrl: string,
	orgs: OrgMembership[] = [],
	avatarSha256: string | null = null,
) {
	return {
		type: "user",
		id: caller.userId,
		name: caller.userName,
		fullname: caller.fullname,
		email: caller.email,
		// The hub sends no mail, so no address is ever verified (the same as userinfo's email_verified).
		emailVerified: false,
		canPay: false,
		isPro: false,
		periodEnd: null,
		avatarUrl: avatarUrl(hubUrl, caller.userName, avatarSha256),
		billingMode: "postpaid",
		orgs: orgs.map((org) => ({
			type: "org",
			id: org.id,
			name: org.name,
			fullname: org.fullname,
			email: null,
			canPay: false,
			avatarUrl: avatarUrl(hubUrl, org.name, org.avatarSha256),
			periodEnd: null,
			roleInOrg: org.role,
		})),
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
