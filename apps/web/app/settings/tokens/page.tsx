import type { Metadata } from "next";
import { type TokenItem, TokensManager } from "@/components/account/tokens-manager";
import { readAsVisitor } from "@/lib/hub/fetch";
import { requireSessionUser } from "@/lib/hub/users";

export const metadata: Metadata = {
	title: "Access tokens",
	description: "Create, list and revoke the access tokens that programs use to act as you on this hub.",
};

export default async function TokensSettingsPage() {
	await requireSessionUser("/settings/tokens");
	const tokens = (await readAsVisitor<TokenItem[]>("/api/settings/tokens")) ?? [];
	return (
		<>
			<h1>Access tokens</h1>
			<p className="muted">
				Programs and libraries send a token as <code>Authorization: Bearer hf_…</code>. A read token reads; a write
				token can also change your repositories.
			</p>
			<TokensManager initial={tokens} />
		</>
	);
}
