import type { Metadata } from "next";
import Link from "next/link";
import { AvatarForm } from "@/components/account/avatar-form";
import { type EditableProfile, ProfileForm } from "@/components/account/profile-form";
import { readAsVisitor } from "@/lib/hub/fetch";
import { requireSessionUser } from "@/lib/hub/users";
import { avatarPath } from "@/lib/paths";

export const metadata: Metadata = {
	title: "Profile settings",
	description: "Edit your public profile: full name, bio, social links and avatar.",
};

export default async function ProfileSettingsPage() {
	const user = await requireSessionUser("/settings/profile");
	const profile = (await readAsVisitor<EditableProfile>("/api/settings/profile")) ?? {
		fullname: user.fullname,
		bio: null,
		links: {},
	};
	const overview = await readAsVisitor<{ avatarUrl?: string }>(`/api/users/${encodeURIComponent(user.name)}/overview`);
	return (
		<>
			<h1>Profile</h1>
			<p className="muted">
				Shown on <Link href={`/${encodeURIComponent(user.name)}`}>your public profile</Link>.
			</p>
			<section className="section" aria-labelledby="avatar-heading">
				<h2 id="avatar-heading">Avatar</h2>
				<AvatarForm
					endpoint="/api/settings/avatar"
					initialPath={avatarPath(overview?.avatarUrl, user.name)}
					name={user.name}
				/>
			</section>
			<section className="section" aria-labelledby="details-heading">
				<h2 id="details-heading">Details</h2>
				<ProfileForm endpoint="/api/settings/profile" initial={profile} />
			</section>
		</>
	);
}
