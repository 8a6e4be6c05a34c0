"use client";
/**
 * Access tokens: create (read or write, an optional expiry, optionally only some
 * repos), list (name, role, last used; never a secret after creation) and revoke
 * after a confirmation. The list is one block per token whose facts wrap, so a
 * phone shows every token's Revoke button without scrolling sideways. The secret is in the creation answer only, shown here once
 * with a copy button and gone when the page is left.
 */
import { type FormEvent, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { hubCall } from "@/lib/hub/browser";
import { ConfirmAction } from "./confirm-action";

export interface TokenItem {
	id: string;
	displayName: string;
	role: "read" | "write";
	createdAt: string;
	lastUsedAt: string | null;
	expiresAt: string | null;
	repos: string[] | null;
}

const EXPIRY_CHOICES = [
	{ value: "", label: "Never" },
	{ value: "7", label: "In 7 days" },
	{ value: "30", label: "In 30 days" },
	{ value: "90", label: "In 90 days" },
	{ value: "365", label: "In a year" },
];

const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" });
const when = (value: string | null, none: string) => (value ? dateFormat.format(new Date(value)) : none);

export function TokensManager({ initial }: { initial: TokenItem[] }) {
	const [tokens, setTokens] = useState(initial);
	const [created, setCreated] = useState<{ name: string; secret: string }>();
	const [error, setError] = useState<string>();
	const [busy, setBusy] = useState(false);
	const hydrated = useHydrated();
	const [notice, setNotice] = useState<string>();

	const create = async (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		const formElement = event.currentTarget;
		const form = new FormData(formElement);
		const days = String(form.get("expiry") ?? "");
		const repos = String(form.get("repos") ?? "")
			.split(/[\s,]+/)
			.filter(Boolean);
		setBusy(true);
		setError(undefined);
		setNotice(undefined);
		const result = await hubCall<TokenItem & { token: string }>("/api/settings/tokens", {
			method: "POST",
			json: {
				name: String(form.get("name") ?? ""),
				role: form.get("role") === "write" ? "write" : "read",
				...(days ? { expiresInDays: Number(days) } : {}),
				...(repos.length > 0 ? { repos } : {}),
			},
		});
		setBusy(false);
		if (!result.ok) {
			setError(result.message);
			return;
		}
		const { token, ...listed } = result.data;
		setTokens((list) => [...list, listed]);
		setCreated({ name: listed.displayName, secret: token });
		formElement.reset();
	};

	const revoke = async (token: TokenItem) => {
		const result = await hubCall(`/api/settings/tokens/${encodeURIComponent(token.id)}`, { method: "DELETE" });
		if (!result.ok) {
			setNotice(result.message);
			return;
		}
		setTokens((list) => list.filter((item) => item.id !== token.id));
		if (created?.name === token.displayName) setCreated(undefined);
		setNotice(`Token “${token.displayName}” revoked.`);
	};

	return (
		<>
			<section className="section" aria-labelledby="new-token-heading">
				<h2 id="new-token-heading">New token</h2>
				<form method="post" className="account-form" onSubmit={create} data-testid="token-form">
					<div className="field">
						<label htmlFor="token-name">Name</label>
						<input id="token-name" name="name" required maxLength={100} placeholder="e.g. laptop" />
					</div>
					<fieldset className="fieldset">
						<legend>Role</legend>
						<div className="radio-row">
							<label>
								<input type="radio" name="role" value="read" defaultChecked /> Read
							</label>
							<label>
								<input type="radio" name="role" value="write" /> Write
							</label>
						</div>
					</fieldset>
					<div className="field">
						<label htmlFor="token-expiry">Expires</label>
						<select id="token-expiry" name="expiry" defaultValue="">
							{EXPIRY_CHOICES.map((choice) => (
								<option key={choice.value} value={choice.value}>
									{choice.label}
								</option>
							))}
						</select>
					</div>
					<div className="field">
						<label htmlFor="token-repos">Only these repositories (optional)</label>
						<input
							id="token-repos"
							name="repos"
							placeholder="owner/model, owner/other"
							aria-describedby="token-repos-hint"
						/>
						<span className="field-hint" id="token-repos-hint">
							Repository ids separated by commas or spaces. Empty: all of yours.
						</span>
					</div>
					<div role="alert">{error ? <p className="form-error">{error}</p> : null}</div>
					<div className="button-row">
						<button type="submit" className="button button-primary" disabled={busy || !hydrated}>
							Create token
						</button>
					</div>
				</form>
				{created ? (
					<div className="stack" data-testid="new-token">
						<p className="form-success" role="status">
							Token “{created.name}” created. Copy it now: it will not be shown again.
						</p>
						<div className="secret-box">
							<code data-testid="token-secret">{created.secret}</code>
							<CopyButton text={created.secret} label="Copy the token" />
						</div>
					</div>
				) : null}
			</section>
			<section className="section" aria-labelledby="tokens-heading">
				<h2 id="tokens-heading">Your tokens</h2>
				<div role="status" aria-live="polite">
					{notice ? <p className="muted">{notice}</p> : null}
				</div>
				{tokens.length === 0 ? (
					<p className="muted">No tokens yet.</p>
				) : (
					<ul className="token-list" aria-labelledby="tokens-heading" data-testid="tokens-list">
						{tokens.map((token) => (
							<li key={token.id} className="token-item">
								<div className="token-about">
									<p className="token-name">
										{token.displayName} <Badge>{token.role}</Badge>
									</p>
									<dl className="token-facts">
										<div>
											<dt>Last used</dt>
											<dd>{when(token.lastUsedAt, "Never")}</dd>
										</div>
										<div>
											<dt>Expires</dt>
											<dd>{when(token.expiresAt, "Never")}</dd>
										</div>
										<div>
											<dt>Repositories</dt>
											<dd>{token.repos?.length ? token.repos.join(", ") : "All"}</dd>
										</div>
									</dl>
								</div>
								<ConfirmAction
									verb="Revoke"
									subject={token.displayName}
									question={`Revoke “${token.displayName}”?`}
									onConfirm={() => revoke(token)}
								/>
							</li>
						))}
					</ul>
				)}
			</section>
		</>
	);
}
