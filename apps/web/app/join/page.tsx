import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { JoinForm } from "@/components/account/auth-forms";
import { getSessionUser } from "@/lib/hub/users";

export const metadata: Metadata = {
	title: "Sign up",
	description: "Create an account on this hub: a username, an email and a password.",
};

export default async function JoinPage() {
	const user = await getSessionUser();
	if (user) redirect(`/${encodeURIComponent(user.name)}`);
	return (
		<div className="card auth-card">
			<h1>Create your account</h1>
			<JoinForm />
		</div>
	);
}
