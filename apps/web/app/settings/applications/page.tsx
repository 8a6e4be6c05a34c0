import type { Metadata } from "next";
import { readAsVisitor } from "@/lib/hub/fetch";
import { requireSessionUser } from "@/lib/hub/users";
import { type OAuthAppItem, OAuthAppsManager } from "./oauth-apps-manager";

export const metadata: Metadata = {
	title: "OAuth applications",
	description: "Register applications that sign people in with their account on this hub.",
};

export default async function ApplicationsSettingsPage() {
	await requireSessionUser("/settings/applications");
	const apps = (await readAsVisitor<OAuthAppItem[]>("/api/settings/oauth-apps")) ?? [];
	return (
		<>
			<h1>OAuth applications</h1>
			<p className="muted">
				An application registered here can offer “Sign in with this hub” (OAuth 2.0 and OpenID Connect, the
				authorization code flow). A public application — a page in the browser, a desktop tool — proves itself with
				PKCE; a confidential one, running on a server, also has a secret.
			</p>
			<OAuthAppsManager initial={apps} />
		</>
	);
}
