import type { Metadata } from "next";
import { PasswordForm } from "@/components/account/password-form";
import { requireSessionUser } from "@/lib/hub/users";
import { SignOutEverywhere } from "./sign-out-everywhere";

export const metadata: Metadata = {
	title: "Password",
	description: "Change your password, or sign out of every browser and app at once.",
};

export default async function PasswordSettingsPage() {
	const user = await requireSessionUser("/settings/password");
	return (
		<>
			<h1>Password</h1>
			<p className="muted">Changing it signs you out everywhere else; this browser stays signed in.</p>
			<PasswordForm name={user.name} />
			<h2>Sign out everywhere</h2>
			<p className="muted">
				Ends every signed-in browser, this one too, and revokes the access of every app you signed in to with this hub.
				Your access tokens stay: revoke them under Access tokens.
			</p>
			<SignOutEverywhere />
		</>
	);
}
