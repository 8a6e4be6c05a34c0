"use client";
/**
 * A repository's settings for its writers: visibility and gating (`PUT …/settings`),
 * the access requests of a gated one (`…/user-access-request/*`), rename
 * (`POST /api/repos/move`; the hub keeps the old id as a redirect) and delete
 * (`DELETE /api/repos/delete`, confirmed by typing the full id). Works for models
 * and datasets alike.
 */
import Link from "next/link";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { ConfirmAction } from "@/components/account/confirm-action";
import { useHydrated } from "@/components/ui/use-hydrated";
import { formatDay } from "@/lib/format";
import { hubCall } from "@/lib/hub/browser";
import type { AccessStatus } from "@/lib/hub/repos";
import { type RepoType, repoApiPath, repoPagePath } from "@/lib/paths";

type Gating = false | "auto" | "manual";

interface AccessRequest {
	user: { user: string; fullname: string | null };
	status: AccessStatus;
	timestamp: string;
	fields: Record<string, string> | null;
}

const STATUSES: AccessStatus[] = ["pending", "accepted", "rejected"];

function Status({ error, success }: { error?: string; success?: string }) {
	return (
		<div role="status" aria-live="polite">
			{error ? <p className="form-error">{error}</p> : null}
			{success ? <p className="form-success">{success}</p> : null}
		</div>
	);
}

function VisibilityForm({
	repoType,
	repoId,
	initialPrivate,
	initialGated,
	onGatedChange,
}: {
	repoType: RepoType;
	repoId: string;
	initialPrivate: boolean;
	initialGated: Gating;
	onGatedChange(gated: Gating): void;
}) {
	const hydrated = useHydrated();
	const [busy, setBusy] = useState(false);
	const [error, setError] = useState<string>();
	const [success, setSuccess] = useState<string>();

	const submit = async (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		const form = new FormData(event.currentTarget);
		const gatedValue = String(form.get("gated"));
		const gated: Gating = gatedValue === "auto" || gatedValue === "manual" ? gatedValue : false;
		setBusy(true);
		setError(undefined);
		setSuccess(undefined);
		const result = await hubCall<{ private: boolean; gated: Gating }>(`${repoApiPath(repoType, repoId)}/settings`, {
			method: "PUT",
			json: { private: form.get("visibility") === "private", gated },
		});
		setBusy(false);
		if (!result.ok) {
			setError(result.message);
			return;
		}
		onGatedChange(result.data.gated);
		setSuccess(
			`Saved: ${result.data.private ? "private" : "public"}, ${result.data.gated ? `gated (${result.data.gated})` : "not gated"}.`,
		);
	};

	return (
		<form className="account-form" onSubmit={submit} data-testid="visibility-form">
			<fieldset className="fieldset">
				<legend className="field-label">Visibility</legend>
				<label className="choice">
					<input type="radio" name="visibility" value="public" defaultChecked={!initialPrivate} />
					Public: anyone can see it
				</label>
				<label className="choice">
					<input type="radio" name="visibility" value="private" defaultChecked={initialPrivate} />
					Private: only you and those who may write in its namespace
				</label>
			</fieldset>
			<fieldset className="fieldset">
				<legend className="field-label">Access requests (gating)</legend>
				<label className="choice">
					<input type="radio" name="gated" value="off" defaultChecked={!initialGated} />
					Off: anyone who sees it may download its files
				</label>
				<label className="choice">
					<input type="radio" name="gated" value="auto" defaultChecked={initialGated === "auto"} />
					Automatic: signed-in people ask and are accepted at once
				</label>
				<label className="choice">
					<input type="radio" name="gated" value="manual" defaultChecked={initialGated === "manual"} />
					Manual: you accept or reject each request
				</label>
			</fieldset>
			<Status error={error} success={success} />
			<div className="button-row">
				<button type="submit" className="button button-primary" disabled={busy || !hydrated}>
					Save settings
				</button>
			</div>
		</form>
	);
}

function AccessRequests({ repoType, repoId }: { repoType: RepoType; repoId: string }) {
	const [requests, setRequests] = useState<Record<AccessStatus, AccessRequest[]>>();
	const [error, setError] = useState<string>();
	const [success, setSuccess] = useState<string>();
	const base = `${repoApiPath(repoType, repoId)}/user-access-request`;

	const load = useCallback(async () => {
		const answers = await Promise.all(STATUSES.map((status) => hubCall<AccessRequest[]>(`${base}/${status}`)));
		const failed = answers.find((answer) => !answer.ok);
		if (failed && !failed.ok) {
			setError(failed.message);
			return;
		}
		const lists = answers.map((answer) => (answer.ok ? answer.data : []));
		setRequests({ pending: lists[0] ?? [], accepted: lists[1] ?? [], rejected: lists[2] ?? [] });
	}, [base]);

	useEffect(() => {
		void load();
	}, [load]);

	const answer = async (user: string, status: AccessStatus) => {
		setError(undefined);
		setSuccess(undefined);
		const result = await hubCall(`${base}/handle`, { method: "POST", json: { user, status } });
		if (!result.ok) {
			setError(result.message);
			return;
		}
		setSuccess(`${user}: ${status}.`);
		await load();
	};

	return (
		<div className="stack" data-testid="access-requests">
			<Status error={error} success={success} />
			{!requests ? (
				<p className="muted">Loading requests…</p>
			) : (
				STATUSES.map((status) => (
					<div key={status} className="stack">
						<h3 id={`requests-${status}`}>
							{status[0]?.toUpperCase()}
							{status.slice(1)} <span className="muted">{requests[status].length}</span>
						</h3>
						{requests[status].length === 0 ? (
							<p className="muted small">None.</p>
						) : (
							<div className="table-scroll">
								<table className="table" aria-labelledby={`requests-${status}`} data-testid={`requests-${status}`}>
									<thead>
										<tr>
											<th scope="col">Who</th>
											<th scope="col">Asked</th>
											<th scope="col">Answers</th>
											<th scope="col">
												<span className="sr-only">Actions</span>
											</th>
										</tr>
									</thead>
									<tbody>
										{requests[status].map((request) => (
											<tr key={request.user.user}>
												<td>
													<Link href={`/${encodeURIComponent(request.user.user)}`}>{request.user.user}</Link>
													{request.user.fullname ? <span className="muted"> {request.user.fullname}</span> : null}
												</td>
												<td>{formatDay(request.timestamp)}</td>
												<td className="small">
													{Object.entries(request.fields ?? {})
														.map(([key, value]) => `${key}: ${value}`)
														.join("; ") || "—"}
												</td>
												<td>
													<div className="row-actions">
														{status !== "accepted" ? (
															<button
																type="button"
																className="button button-small"
																aria-label={`Approve ${request.user.user}`}
																onClick={() => answer(request.user.user, "accepted")}
															>
																Approve
															</button>
														) : null}
														{status !== "rejected" ? (
															<ConfirmAction
																verb="Reject"
																subject={request.user.user}
																question={`Reject ${request.user.user}?`}
																onConfirm={() => answer(request.user.user, "rejected")}
															/>
														) : null}
													</div>
												</td>
											</tr>
										))}
									</tbody>
								</table>
							</div>
						)}
					</div>
				))
			)}
		</div>
	);
}

function RenameForm({ repoType, repoId }: { repoType: RepoType; repoId: string }) {
	const hydrated = useHydrated();
	const [busy, setBusy] = useState(false);
	const [error, setError] = useState<string>();

	const submit = async (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		const toRepo = String(new FormData(event.currentTarget).get("toRepo") ?? "").trim();
		setBusy(true);
		setError(undefined);
		const result = await hubCall<{ id: string }>("/api/repos/move", {
			method: "POST",
			json: { fromRepo: repoId, toRepo, type: repoType },
		});
		if (!result.ok) {
			setBusy(false);
			setError(result.message);
			return;
		}
		// A full load: every part of the page (header, tabs, links) names the new id.
		window.location.assign(repoPagePath(repoType, result.data.id));
	};

	return (
		<form className="account-form" onSubmit={submit} data-testid="rename-form">
			<div className="field">
				<label htmlFor="rename-to">New id</label>
				<input id="rename-to" name="toRepo" required defaultValue={repoId} aria-describedby="rename-hint" />
				<span className="field-hint" id="rename-hint">
					owner/name. Old links keep working: the hub sends them on to the new id.
				</span>
			</div>
			<Status error={error} />
			<div className="button-row">
				<button type="submit" className="button" disabled={busy || !hydrated}>
					Rename
				</button>
			</div>
		</form>
	);
}

function DeleteForm({ repoType, repoId }: { repoType: RepoType; repoId: string }) {
	const hydrated = useHydrated();
	const [typed, setTyped] = useState("");
	const [busy, setBusy] = useState(false);
	const [error, setError] = useState<string>();

	const submit = async (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		if (typed !== repoId) return;
		setBusy(true);
		setError(undefined);
		const result = await hubCall("/api/repos/delete", {
			method: "DELETE",
			json: { name: repoId, type: repoType },
		});
		if (!result.ok) {
			setBusy(false);
			setError(result.message);
			return;
		}
		window.location.assign(`/${encodeURIComponent(repoId.split("/")[0] ?? "")}`);
	};

	return (
		<form className="account-form" onSubmit={submit} data-testid="delete-form">
			<p>
				This deletes the {repoType}, its history, likes and access requests. It cannot be undone. Type{" "}
				<strong>{repoId}</strong> to confirm.
			</p>
			<div className="field">
				<label htmlFor="delete-confirm">Full id of the {repoType}</label>
				<input
					id="delete-confirm"
					name="confirm"
					autoComplete="off"
					value={typed}
					onChange={(event) => setTyped(event.target.value)}
				/>
			</div>
			<Status error={error} />
			<div className="button-row">
				<button type="submit" className="button button-danger" disabled={typed !== repoId || busy || !hydrated}>
					Delete this {repoType}
				</button>
			</div>
		</form>
	);
}

export function RepoSettings({
	repoType,
	repoId,
	isPrivate,
	gated: initialGated,
}: {
	repoType: RepoType;
	repoId: string;
	isPrivate: boolean;
	gated: Gating;
}) {
	const [gated, setGated] = useState<Gating>(initialGated);
	return (
		<div className="repo-settings stack" data-testid="repo-settings">
			<section className="section" aria-labelledby="settings-visibility">
				<h2 id="settings-visibility">Visibility and access</h2>
				<VisibilityForm
					repoType={repoType}
					repoId={repoId}
					initialPrivate={isPrivate}
					initialGated={initialGated}
					onGatedChange={setGated}
				/>
			</section>
			{gated ? (
				<section className="section" aria-labelledby="settings-requests">
					<h2 id="settings-requests">Access requests</h2>
					<AccessRequests repoType={repoType} repoId={repoId} />
				</section>
			) : null}
			<section className="section" aria-labelledby="settings-rename">
				<h2 id="settings-rename">Rename</h2>
				<RenameForm repoType={repoType} repoId={repoId} />
			</section>
			<section className="section danger-zone" aria-labelledby="settings-delete">
				<h2 id="settings-delete">Delete</h2>
				<DeleteForm repoType={repoType} repoId={repoId} />
			</section>
		</div>
	);
}
