"use client";
/**
 * OAuth applications: register (name, redirect URIs, public or confidential),
 * list, delete after a confirmation. A confidential app's secret is in the
 * creation answer only, shown here once with a copy button.
 */
import { type FormEvent, useState } from "react";
import { ConfirmAction } from "@/components/account/confirm-action";
import { CopyButton } from "@/components/ui/copy-button";
import { hubCall } from "@/lib/hub/browser";

export interface OAuthAppItem {
	clientId: string;
	name: string;
	redirectUris: string[];
	confidential: boolean;
	createdAt: string;
}

export function OAuthAppsManager({ initial }: { initial: OAuthAppItem[] }) {
	const [apps, setApps] = useState(initial);
	const [created, setCreated] = useState<{ name: string; clientId: string; secret?: string }>();
	const [error, setError] = useState<string>();
	const [busy, setBusy] = useState(false);
	const [notice, setNotice] = useState<string>();

	const create = async (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		const formElement = event.currentTarget;
		const form = new FormData(formElement);
		const redirectUris = String(form.get("redirectUris") ?? "")
			.split(/\s+/)
			.filter(Boolean);
		setBusy(true);
		setError(undefined);
		setNotice(undefined);
		const result = await hubCall<OAuthAppItem & { clientSecret?: string }>("/api/settings/oauth-apps", {
			method: "POST",
			json: { name: String(form.get("name") ?? ""), redirectUris, confidential: form.get("type") === "confidential" },
		});
		setBusy(false);
		if (!result.ok) {
			setError(result.message);
			return;
		}
		const { clientSecret, ...listed } = result.data;
		setApps((list) => [...list, listed]);
		setCreated({ name: listed.name, clientId: listed.clientId, secret: clientSecret });
		formElement.reset();
	};

	const remove = async (app: OAuthAppItem) => {
		const result = await hubCall(`/api/settings/oauth-apps/${encodeURIComponent(app.clientId)}`, {
			method: "DELETE",
		});
		if (!result.ok) {
			setNotice(result.message);
			return;
		}
		setApps((list) => list.filter((item) => item.clientId !== app.clientId));
		if (created?.clientId === app.clientId) setCreated(undefined);
		setNotice(`Application “${app.name}” deleted; the tokens it was given stop working.`);
	};

	return (
		<>
			<section className="section" aria-labelledby="new-app-heading">
				<h2 id="new-app-heading">Register an application</h2>
				<form className="account-form" onSubmit={create} data-testid="oauth-app-form">
					<div className="field">
						<label htmlFor="app-name">Name</label>
						<input id="app-name" name="name" required maxLength={100} placeholder="e.g. My notebook" />
					</div>
					<div className="field">
						<label htmlFor="app-redirects">Redirect URIs</label>
						<textarea
							id="app-redirects"
							name="redirectUris"
							required
							rows={2}
							placeholder="https://app.example/callback"
							aria-describedby="app-redirects-hint"
						/>
						<span className="field-hint" id="app-redirects-hint">
							One per line. The app must send one of them exactly; its origin may call the token endpoint from a
							browser.
						</span>
					</div>
					<fieldset className="fieldset">
						<legend>Type</legend>
						<div className="radio-row">
							<label>
								<input type="radio" name="type" value="public" defaultChecked /> Public (PKCE, no secret)
							</label>
							<label>
								<input type="radio" name="type" value="confidential" /> Confidential (with a secret)
							</label>
						</div>
					</fieldset>
					<div role="alert">{error ? <p className="form-error">{error}</p> : null}</div>
					<div className="button-row">
						<button type="submit" className="button button-primary" disabled={busy}>
							Register
						</button>
					</div>
				</form>
				{created ? (
					<div className="stack" data-testid="new-oauth-app">
						<p className="form-success" role="status">
							Application “{created.name}” registered.
							{created.secret ? " Copy its secret now: it will not be shown again." : null}
						</p>
						<div className="secret-box">
							<span>Client id</span>
							<code data-testid="oauth-client-id">{created.clientId}</code>
							<CopyButton text={created.clientId} label="Copy the client id" />
						</div>
						{created.secret ? (
							<div className="secret-box">
								<span>Client secret</span>
								<code data-testid="oauth-client-secret">{created.secret}</code>
								<CopyButton text={created.secret} label="Copy the client secret" />
							</div>
						) : null}
					</div>
				) : null}
			</section>
			<section className="section" aria-labelledby="apps-heading">
				<h2 id="apps-heading">Your applications</h2>
				<div role="status" aria-live="polite">
					{notice ? <p className="muted">{notice}</p> : null}
				</div>
				{apps.length === 0 ? (
					<p className="muted">No applications yet.</p>
				) : (
					<div className="table-scroll">
						<table className="table" data-testid="oauth-apps-table">
							<thead>
								<tr>
									<th scope="col">Name</th>
									<th scope="col">Client id</th>
									<th scope="col">Type</th>
									<th scope="col">Redirect URIs</th>
									<th scope="col">
										<span className="sr-only">Actions</span>
									</th>
								</tr>
							</thead>
							<tbody>
								{apps.map((app) => (
									<tr key={app.clientId}>
										<td>{app.name}</td>
										<td>
											<code>{app.clientId}</code>
										</td>
										<td>{app.confidential ? "Confidential" : "Public"}</td>
										<td>{app.redirectUris.join(" ")}</td>
										<td>
											<ConfirmAction
												verb="Delete"
												subject={app.name}
												question={`Delete “${app.name}”?`}
												onConfirm={() => remove(app)}
											/>
										</td>
									</tr>
								))}
							</tbody>
						</table>
					</div>
				)}
			</section>
		</>
	);
}
