import type { Metadata } from "next";
import { PasswordForm } from "@/components/account/password-form";
import { requireSessionUser } from "@/lib/session";

export const metadata: Metadata = {
	title: "Password",
	description: "Change your password; every other signed-in browser is signed out.",
};

export default async function PasswordSettingsPage() {
	const user = await requireSessionUser("/settings/password");
	return (
		<>
			<h1>Password</h1>
			<p className="muted">Changing it signs you out everywhere else; this browser stays signed in.</p>
			<PasswordForm name={user.name} />
		</>
	);
}
