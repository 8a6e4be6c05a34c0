/**
 * A person's or an organisation's public page: avatar (through next/image, from
 * the hub's same-origin avatar path), full name, bio, social links by their handle
 * (`rel="me noopener"`: they vouch for the person, and get no handle on this window), their
 * organisations or member count, their models and datasets, and (people) what they liked.
 */
import Image from "next/image";
import Link from "next/link";
import { ModelList } from "@/components/model/model-item";
import { DatasetList, LikedList } from "@/components/repo/repo-links";
import { formatDay } from "@/lib/format";
import type { DatasetListItem } from "@/lib/hub/datasets";
import type { ModelListItem } from "@/lib/hub/models";
import type { LikedRepo } from "@/lib/hub/repos";
import type { OrgOverview, SocialLinks, UserOverview } from "@/lib/hub/users";
import { avatarPath } from "@/lib/paths";
import { socialLinkText } from "@/lib/social-links";
import "./account.css";

const LINK_LABELS: [keyof SocialLinks, string][] = [
	["github", "GitHub"],
	["x", "X"],
	["linkedin", "LinkedIn"],
	["bluesky", "Bluesky"],
	["website", "Website"],
];

function isWebLink(value: string | null | undefined): value is string {
	return typeof value === "string" && /^https?:\/\//i.test(value);
}

export function ProfileView({
	profile,
	models,
	datasets = [],
	likes = [],
	viewer,
	viewerIsOrgAdmin = false,
}: {
	profile: UserOverview | OrgOverview;
	models: ModelListItem[];
	datasets?: DatasetListItem[];
	likes?: LikedRepo[];
	viewer: string | undefined;
	/** The visitor is an admin of this organisation: they get a link to manage its members. */
	viewerIsOrgAdmin?: boolean;
}) {
	const links = LINK_LABELS.filter(([key]) => isWebLink(profile.links?.[key]));
	const isOrg = profile.type === "org";
	const isMe = !isOrg && viewer?.toLowerCase() === profile.name.toLowerCase();
	return (
		<div className="page" data-testid="profile">
			<header className="profile-head">
				<Image
					className={isOrg ? "avatar avatar-org" : "avatar"}
					src={avatarPath(profile.avatarUrl, profile.name)}
					alt={`Avatar of ${profile.name}`}
					width={96}
					height={96}
					unoptimized
					priority
				/>
				<div className="stack">
					<h1>{profile.fullname || profile.name}</h1>
					<p className="muted">
						{profile.name}
						{isOrg ? " · organization" : ""} · joined {formatDay(profile.createdAt)}
					</p>
					{isMe ? (
						<div className="button-row">
							<Link href="/settings/profile" className="button button-small">
								Edit profile
							</Link>
						</div>
					) : null}
				</div>
			</header>
			{profile.bio ? (
				<p className="profile-bio" data-testid="profile-bio">
					{profile.bio}
				</p>
			) : null}
			{links.length > 0 ? (
				<ul className="profile-links" aria-label="Links">
					{links.map(([key, label]) => (
						<li key={key}>
							<a href={profile.links[key] as string} rel="me noopener">
								{label}
								<span className="muted small"> {socialLinkText(key, profile.links[key] as string)}</span>
							</a>
						</li>
					))}
				</ul>
			) : null}
			{profile.type === "user" && profile.orgs?.length > 0 ? (
				<section className="section" aria-labelledby="orgs-heading">
					<h2 id="orgs-heading">Organizations</h2>
					<ul className="profile-links">
						{profile.orgs.map((org) => (
							<li key={org.name}>
								<Link href={`/${encodeURIComponent(org.name)}`} className="row-actions">
									<Image
										className="avatar avatar-org"
										src={avatarPath(org.avatarUrl, org.name)}
										alt=""
										width={28}
										height={28}
										unoptimized
									/>
									{org.fullname || org.name}
								</Link>
							</li>
						))}
					</ul>
				</section>
			) : null}
			{profile.type === "org" ? (
				<p className="row-actions">
					<Link href={`/organizations/${encodeURIComponent(profile.name)}/members`}>
						{profile.numMembers} member{profile.numMembers === 1 ? "" : "s"}
					</Link>
					{viewerIsOrgAdmin ? (
						<Link href={`/organizations/${encodeURIComponent(profile.name)}/members`} className="button button-small">
							Manage members
						</Link>
					) : null}
				</p>
			) : null}
			<section className="section" aria-labelledby="models-heading">
				<h2 id="models-heading">
					Models <span className="muted">{profile.numModels ?? models.length}</span>
				</h2>
				{models.length === 0 ? (
					<p className="muted">No models yet.</p>
				) : (
					<ModelList models={models} label={`Models by ${profile.name}`} />
				)}
			</section>
			<section className="section" aria-labelledby="datasets-heading">
				<h2 id="datasets-heading">
					Datasets <span className="muted">{datasets.length}</span>
				</h2>
				{datasets.length === 0 ? (
					<p className="muted">No datasets yet.</p>
				) : (
					<DatasetList datasets={datasets} label={`Datasets by ${profile.name}`} />
				)}
			</section>
			{profile.type === "user" ? (
				<section className="section" aria-labelledby="liked-heading">
					<h2 id="liked-heading">
						Liked <span className="muted">{likes.length}</span>
					</h2>
					{likes.length === 0 ? (
						<p className="muted">Nothing liked yet.</p>
					) : (
						<LikedList likes={likes} label={`Liked by ${profile.name}`} />
					)}
				</section>
			) : null}
		</div>
	);
}
