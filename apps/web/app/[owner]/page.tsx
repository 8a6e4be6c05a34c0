/**
 * `/{name}`: a user's or an organisation's profile when the name is one; otherwise
 * a bare model id (`/distilroberta-base`), old links from before namespaces. The
 * hub redirects the API call for a renamed id, so the answer carries the current
 * id, and the visitor is sent on to that model's page.
 */
import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { ProfileView } from "@/components/account/profile-view";
import { getDatasetsBy } from "@/lib/hub/datasets";
import { getModel, getModelsBy } from "@/lib/hub/models";
import { getLikesOf } from "@/lib/hub/repos";
import { getMyOrganizations, getOverview, getSessionUser } from "@/lib/hub/users";

type Props = { params: Promise<{ owner: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
	const name = decodeURIComponent((await params).owner);
	const profile = await getOverview(name);
	if (profile) {
		const shown = profile.fullname ? `${profile.fullname} (${profile.name})` : profile.name;
		return {
			title: shown,
			description:
				profile.bio?.slice(0, 160) ||
				`${shown}: ${profile.type === "org" ? "an organization" : "a person"} on this hub, and their models.`,
		};
	}
	return { title: name, description: `The model ${name} on this hub.` };
}

export default async function OwnerPage({ params }: Props) {
	const name = decodeURIComponent((await params).owner);
	const profile = await getOverview(name);
	if (profile) {
		const isOrg = profile.type === "org";
		const [models, datasets, likes, viewer, myOrgs] = await Promise.all([
			getModelsBy(profile.name),
			getDatasetsBy(profile.name),
			isOrg ? [] : getLikesOf(profile.name),
			getSessionUser(),
			isOrg ? getMyOrganizations() : [],
		]);
		const viewerIsOrgAdmin = myOrgs.some((org) => org.name === profile.name && org.roleInOrg === "admin");
		return (
			<ProfileView
				profile={profile}
				models={models}
				datasets={datasets}
				likes={likes}
				viewer={viewer?.name}
				viewerIsOrgAdmin={viewerIsOrgAdmin}
			/>
		);
	}
	const model = await getModel(name);
	if (!model?.id.includes("/")) notFound();
	permanentRedirect(`/${model.id}`);
}
