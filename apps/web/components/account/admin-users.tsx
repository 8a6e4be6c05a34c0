"use client";
/**
 * The administrators' user list (`/api/admin/users`): search, disable or enable,
 * make or unmake admin, set a new password. Each change is the hub's to allow
 * (an admin cannot disable themselves or drop their own admin right: 409, shown).
 */
import { type FormEvent, useState } from "react";
import { formatBytes } from "@/lib/format";
import { hubCall } from "@/lib/hub/browser";

export interface AdminUser {
	name: string;
	email: string | null;
	fullname: string | null;
	isAdmin: boolean;
	disabled: boolean;
	createdAt: string;
}

export function AdminUsers({ initial, me }: { initial: AdminUser[]; me: string }) {
	const [users, setUsers] = useState(initial);
	const [message, setMessage] = useState<{ ok: boolean; text: string }>();
	const [resetting, setResetting] = useState<string>();

	const search = async (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		const query = String(new FormData(event.currentTarget).get("search") ?? "").trim();
		const result = await hubCall<AdminUser[]>(`/api/admin/users?search=${encodeURIComponent(query)}&limit=100`);
		if (result.ok) {
			setUsers(result.data);
			setMessage({ ok: true, text: `${result.data.length} user${result.data.length === 1 ? "" : "s"} found.` });
		} else setMessage({ ok: false, text: result.message });
	};

	const patch = async (user: AdminUser, change: { disabled?: boolean; isAdmin?: boolean }, done: string) => {
		const result = await hubCall<AdminUser>(`/api/admin/users/${encodeURIComponent(user.name)}`, {
			method: "PATCH",
			json: change,
		});
		if (!result.ok) {
			setMessage({ ok: false, text: result.message });
			return;
		}
		setUsers((list) => list.map((item) => (item.name === user.name ? { ...item, ...change } : item)));
		setMessage({ ok: true, text: done });
	};

	/** The storage the user's repositories take (`/api/admin/storage/{name}`), told in the status line. */
	const showStorage = async (user: string) => {
		const result = await hubCall<{ usedBytes: number; quotaBytes: number | null }>(
			`/api/admin/storage/${encodeURIComponent(user)}`,
		);
		if (!result.ok) {
			setMessage({ ok: false, text: result.message });
			return;
		}
		const { usedBytes, quotaBytes } = result.data;
		const limit = quotaBytes === null ? "no limit" : `a limit of ${formatBytes(quotaBytes)}`;
		setMessage({ ok: true, text: `${user}'s repositories use ${formatBytes(usedBytes)} (${limit}).` });
	};

	const resetPassword = async (event: FormEvent<HTMLFormElement>, user: string) => {
		event.preventDefault();
		const password = String(new FormData(event.currentTarget).get("password") ?? "");
		const result = await hubCall(`/api/admin/users/${encodeURIComponent(user)}/password`, {
			method: "POST",
			json: { password },
		});
		if (!result.ok) {
			setMessage({ ok: false, text: result.message });
			return;
		}
		setResetting(undefined);
		setMessage({ ok: true, text: `Password of ${user} set; their sessions have ended.` });
	};

	return (
		<>
			<search>
				<form className="admin-search" onSubmit={search}>
					<div className="field">
						<label htmlFor="admin-search">Search users</label>
						<input id="admin-search" name="search" type="search" placeholder="Name or email" maxLength={200} />
					</div>
					<button type="submit" className="button">
						Search
					</button>
				</form>
			</search>
			<div role="status" aria-live="polite">
				{message ? <p className={message.ok ? "form-success" : "form-error"}>{message.text}</p> : null}
			</div>
			<div className="table-scroll">
				<table className="table" data-testid="admin-users">
					<thead>
						<tr>
							<th scope="col">User</th>
							<th scope="col">Email</th>
							<th scope="col">State</th>
							<th scope="col">
								<span className="sr-only">Actions</span>
							</th>
						</tr>
					</thead>
					<tbody>
						{users.map((user) => (
							<tr key={user.name}>
								<td>
									<a href={`/${encodeURIComponent(user.name)}`}>{user.name}</a>
									{user.name === me ? <span className="muted"> (you)</span> : null}
								</td>
								<td>{user.email ?? "—"}</td>
								<td>
									{user.disabled ? "Disabled" : "Active"}
									{user.isAdmin ? " · admin" : ""}
								</td>
								<td>
									<div className="row-actions">
										<button
											type="button"
											className="button button-small"
											onClick={() =>
												patch(
													user,
													{ disabled: !user.disabled },
													`${user.name} ${user.disabled ? "enabled" : "disabled"}.`,
												)
											}
										>
											{user.disabled ? "Enable" : "Disable"}
											<span className="sr-only"> {user.name}</span>
										</button>
										<button
											type="button"
											className="button button-small"
											onClick={() =>
												patch(
													user,
													{ isAdmin: !user.isAdmin },
													`${user.name} ${user.isAdmin ? "is no longer" : "is now"} an administrator.`,
												)
											}
										>
											{user.isAdmin ? "Remove admin" : "Make admin"}
											<span className="sr-only"> {user.name}</span>
										</button>
										<button type="button" className="button button-small" onClick={() => showStorage(user.name)}>
											Storage
											<span className="sr-only"> of {user.name}</span>
										</button>
										{resetting === user.name ? (
											<form className="row-actions" onSubmit={(event) => resetPassword(event, user.name)}>
												<label className="sr-only" htmlFor={`reset-${user.name}`}>
													New password for {user.name}
												</label>
												<input
													id={`reset-${user.name}`}
													className="inline-select"
													name="password"
													type="password"
													autoComplete="new-password"
													minLength={10}
													required
													placeholder="New password"
												/>
												<button type="submit" className="button button-small button-primary">
													Set
												</button>
												<button type="button" className="button button-small" onClick={() => setResetting(undefined)}>
													Cancel
												</button>
											</form>
										) : (
											<button type="button" className="button button-small" onClick={() => setResetting(user.name)}>
												Reset password<span className="sr-only"> of {user.name}</span>
											</button>
										)}
									</div>
								</td>
							</tr>
						))}
					</tbody>
				</table>
			</div>
		</>
	);
}
