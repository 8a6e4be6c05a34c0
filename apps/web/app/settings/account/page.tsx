import type { Metadata } from "next";
import { DeleteAccountForm } from "@/components/account/delete-account-form";
import { requireSessionUser } from "@/lib/hub/users";

export const metadata: Metadata = {
	title: "Account",
	description: "Delete your account, with its tokens, memberships and models.",
};

export default async function AccountSettingsPage() {
	const user = await requireSessionUser("/settings/account");
	return (
		<>
			<h1>Account</h1>
			<section className="section" aria-labelledby="delete-heading">
				<h2 id="delete-heading">Delete your account</h2>
				<p>
					This deletes <strong>{user.name}</strong> for good: your sessions, access tokens, organization memberships and
					every model you own. It cannot be undone.
				</p>
				<DeleteAccountForm name={user.name} />
			</section>
		</>
	);
}
