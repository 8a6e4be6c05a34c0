/**
 * An organisation's members. Members see the list (the hub answers 404 to anyone
 * else, so a non-member sees "not found"); admins change roles, add and remove.
 */
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { type Member, MembersManager } from "@/components/account/org-forms";
import "@/components/account/account.css";
import { AvatarForm } from "@/components/account/avatar-form";
import { ProfileForm } from "@/components/account/profile-form";
import { readAsVisitor } from "@/lib/hub/fetch";
import { getOrgOverview, requireSessionUser } from "@/lib/hub/users";
import { avatarPath } from "@/lib/paths";

type Props = { params: Promise<{ name: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
	const name = decodeURIComponent((await params).name);
	return { title: `Members of ${name}`, description: `Who belongs to the organization ${name}, and with which role.` };
}

export default async function MembersPage({ params }: Props) {
	const name = decodeURIComponent((await params).name);
	const user = await requireSessionUser(`/organizations/${encodeURIComponent(name)}/members`);
	const members = await readAsVisitor<Member[]>(`/api/organizations/${encodeURIComponent(name)}/members`);
	if (!members) notFound();
	const me = members.find((member) => member.name.toLowerCase() === user.name.toLowerCase());
	return (
		<div className="page">
			<header className="page-header">
				<p className="muted small account-breadcrumb">
					<Link href={`/${encodeURIComponent(name)}`}>{name}</Link> / members
				</p>
				<h1>Members of {name}</h1>
				<p className="muted">
					{me?.role === "admin"
						? "You are an admin: you can add members, change roles and remove members."
						: `Your role: ${me?.role ?? "none"}. Only admins change the members.`}
				</p>
			</header>
			<MembersManager org={name} initial={members} canManage={me?.role === "admin"} />
			{me?.role === "admin" ? <OrganizationProfile name={name} /> : null}
		</div>
	);
}

/** For the organisation's admins: its public profile (`PUT /api/organizations/{name}/settings`) and avatar. */
async function OrganizationProfile({ name }: { name: string }) {
	const encoded = encodeURIComponent(name);
	const overview = await getOrgOverview(name);
	return (
		<section className="section" aria-labelledby="org-profile-heading">
			<h2 id="org-profile-heading">Organization profile</h2>
			<AvatarForm
				endpoint={`/api/organizations/${encoded}/avatar`}
				initialPath={avatarPath(overview?.avatarUrl, name)}
				name={name}
			/>
			<ProfileForm
				endpoint={`/api/organizations/${encoded}/settings`}
				initial={{ fullname: overview?.fullname ?? null, bio: overview?.bio ?? null, links: overview?.links ?? {} }}
			/>
		</section>
	);
}
