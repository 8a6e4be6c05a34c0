import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/account/auth-forms";
import { getSessionUser } from "@/lib/hub/users";
import { safeNextPath } from "@/lib/paths";

export const metadata: Metadata = {
	title: "Log in",
	description: "Sign in to this hub with your username or email and your password.",
};

type Props = { searchParams: Promise<{ next?: string | string[] }> };

export default async function LoginPage({ searchParams }: Props) {
	const next = safeNextPath((await searchParams).next);
	if (await getSessionUser()) redirect(next);
	return (
		<div className="card auth-card">
			<h1>Log in</h1>
			<LoginForm next={next} />
		</div>
	);
}
