"use client";
/**
 * Organisations: create one (`POST /api/organizations`; the creator is its first
 * admin), and its members (`PUT|DELETE /api/organizations/{name}/members/{user}`,
 * admins only; the hub refuses removing or demoting the last admin with a message).
 */
import Link from "next/link";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import { hubCall } from "@/lib/hub/browser";
import { ConfirmAction } from "./confirm-action";

const ROLES = ["read", "write", "admin"] as const;
type Role = (typeof ROLES)[number];

export function CreateOrganizationForm() {
	const router = useRouter();
	const [error, setError] = useState<string>();
	const [created, setCreated] = useState<string>();
	const [busy, setBusy] = useState(false);
	const hydrated = useHydrated();

	const submit = async (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		const formElement = event.currentTarget;
		const form = new FormData(formElement);
		const fullname = String(form.get("fullname") ?? "").trim();
		setBusy(true);
		setError(undefined);
		const result = await hubCall<{ name: string }>("/api/organizations", {
			method: "POST",
			json: { name: String(form.get("name") ?? "").trim(), ...(fullname ? { fullname } : {}) },
		});
		setBusy(false);
		if (!result.ok) {
			setError(result.message);
			return;
		}
		formElement.reset();
		setCreated(result.data.name);
		router.refresh();
	};

	return (
		<form method="post" className="account-form" onSubmit={submit} data-testid="org-form">
			<div className="field">
				<label htmlFor="org-name">Name</label>
				<input id="org-name" name="name" required maxLength={96} aria-describedby="org-name-hint" />
				<span className="field-hint" id="org-name-hint">
					Its page will be at /name; the same rules as a username.
				</span>
			</div>
			<div className="field">
				<label htmlFor="org-fullname">Full name (optional)</label>
				<input id="org-fullname" name="fullname" maxLength={100} />
			</div>
			<div role="status" aria-live="polite">
				{error ? <p className="form-error">{error}</p> : null}
				{created ? (
					<p className="form-success">
						Organization <Link href={`/${encodeURIComponent(created)}`}>{created}</Link> created.
					</p>
				) : null}
			</div>
			<div className="button-row">
				<button type="submit" className="button button-primary" disabled={busy || !hydrated}>
					Create organization
				</button>
			</div>
		</form>
	);
}

export interface Member {
	name: string;
	fullname: string | null;
	role: Role;
	since: string;
}

export function MembersManager({ org, initial, canManage }: { org: string; initial: Member[]; canManage: boolean }) {
	const [members, setMembers] = useState(initial);
	const [message, setMessage] = useState<{ ok: boolean; text: string }>();
	const base = `/api/organizations/${encodeURIComponent(org)}/members`;

	const setRole = async (user: string, role: Role) => {
		const result = await hubCall(`${base}/${encodeURIComponent(user)}`, { method: "PUT", json: { role } });
		if (!result.ok) {
			setMessage({ ok: false, text: result.message });
			return false;
		}
		setMembers((list) => {
			const existing = list.find((member) => member.name.toLowerCase() === user.toLowerCase());
			if (existing) return list.map((member) => (member === existing ? { ...member, role } : member));
			return [...list, { name: user, fullname: null, role, since: new Date().toISOString() }];
		});
		setMessage({ ok: true, text: `${user} is now ${role === "admin" ? "an" : "a"} ${role} member.` });
		return true;
	};

	const remove = async (user: string) => {
		const result = await hubCall(`${base}/${encodeURIComponent(user)}`, { method: "DELETE" });
		if (!result.ok) {
			setMessage({ ok: false, text: result.message });
			return;
		}
		setMembers((list) => list.filter((member) => member.name !== user));
		setMessage({ ok: true, text: `${user} removed.` });
	};

	const add = async (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		const formElement = event.currentTarget;
		const form = new FormData(formElement);
		const user = String(form.get("user") ?? "").trim();
		if (!user) return;
		if (await setRole(user, (form.get("role") as Role) ?? "read")) formElement.reset();
	};

	return (
		<>
			<div role="status" aria-live="polite">
				{message ? <p className={message.ok ? "form-success" : "form-error"}>{message.text}</p> : null}
			</div>
			<div className="table-scroll">
				<table className="table" data-testid="members-table">
					<thead>
						<tr>
							<th scope="col">Member</th>
							<th scope="col">Role</th>
							{canManage ? (
								<th scope="col">
									<span className="sr-only">Actions</span>
								</th>
							) : null}
						</tr>
					</thead>
					<tbody>
						{members.map((member) => (
							<tr key={member.name}>
								<td>
									<Link href={`/${encodeURIComponent(member.name)}`}>{member.name}</Link>
									{member.fullname ? <span className="muted"> · {member.fullname}</span> : null}
								</td>
								<td>
									{canManage ? (
										<select
											className="inline-select"
											aria-label={`Role of ${member.name}`}
											value={member.role}
											onChange={(event) => void setRole(member.name, event.currentTarget.value as Role)}
										>
											{ROLES.map((role) => (
												<option key={role} value={role}>
													{role}
												</option>
											))}
										</select>
									) : (
										member.role
									)}
								</td>
								{canManage ? (
									<td>
										<ConfirmAction
											verb="Remove"
											subject={member.name}
											question={`Remove ${member.name}?`}
											onConfirm={() => remove(member.name)}
										/>
									</td>
								) : null}
							</tr>
						))}
					</tbody>
				</table>
			</div>
			{canManage ? (
				<section className="section" aria-labelledby="add-member-heading">
					<h2 id="add-member-heading">Add a member</h2>
					<form method="post" className="account-form" onSubmit={add}>
						<div className="field">
							<label htmlFor="member-user">Username</label>
							<input id="member-user" name="user" required maxLength={96} />
						</div>
						<div className="field">
							<label htmlFor="member-role">Role</label>
							<select id="member-role" name="role" defaultValue="read">
								{ROLES.map((role) => (
									<option key={role} value={role}>
										{role}
									</option>
								))}
							</select>
						</div>
						<div className="button-row">
							<button type="submit" className="button button-primary">
								Add member
							</button>
						</div>
					</form>
				</section>
			) : null}
		</>
	);
}
