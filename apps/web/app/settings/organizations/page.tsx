import type { Metadata } from "next";
import Image from "next/image";
import Link from "next/link";
import { CreateOrganizationForm } from "@/components/account/org-forms";
import { getMyOrganizations, requireSessionUser } from "@/lib/hub/users";
import { avatarPath } from "@/lib/paths";

export const metadata: Metadata = {
	title: "Organizations",
	description: "The organizations you belong to, your role in each, and a new one.",
};

export default async function OrganizationsSettingsPage() {
	await requireSessionUser("/settings/organizations");
	const orgs = await getMyOrganizations();
	return (
		<>
			<h1>Organizations</h1>
			<section className="section" aria-labelledby="my-orgs-heading">
				<h2 id="my-orgs-heading">Yours</h2>
				{orgs.length === 0 ? (
					<p className="muted">You are not a member of any organization yet.</p>
				) : (
					<div className="table-scroll">
						<table className="table" data-testid="my-orgs">
							<thead>
								<tr>
									<th scope="col">Organization</th>
									<th scope="col">Your role</th>
									<th scope="col">
										<span className="sr-only">Members</span>
									</th>
								</tr>
							</thead>
							<tbody>
								{orgs.map((org) => (
									<tr key={org.name}>
										<td>
											<Link href={`/${encodeURIComponent(org.name)}`} className="row-actions">
												<Image
													className="avatar avatar-org"
													src={avatarPath(org.avatarUrl, org.name)}
													alt=""
													width={24}
													height={24}
													unoptimized
												/>
												{org.name}
											</Link>
										</td>
										<td>{org.roleInOrg}</td>
										<td>
											<Link href={`/organizations/${encodeURIComponent(org.name)}/members`}>
												{org.roleInOrg === "admin" ? "Manage members" : "Members"}
											</Link>
										</td>
									</tr>
								))}
							</tbody>
						</table>
					</div>
				)}
			</section>
			<section className="section" aria-labelledby="new-org-heading">
				<h2 id="new-org-heading">New organization</h2>
				<CreateOrganizationForm />
			</section>
		</>
	);
}
