"use client";
/**
 * Making a repository: owner (you, or an organisation where you write; a site admin may also
 * type any other account or organisation, as the hub lets them), name, privacy and license.
 * The owner and name are checked as they are typed by the hub itself (`GET /api/repos/name-check`:
 * the id rule, reserved names, who may create where, taken ids), so the form never disagrees
 * with creating.
 * Create stays disabled until the hub has said yes to this owner and name. Then
 * `POST /api/repos/create`, a first README.md with the license when one was chosen, and on to
 * the new repository's page.
 */
import Link from "next/link";
import { useRouter } from "next/navigation";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import { hubCall } from "@/lib/hub/browser";
import { COMMON_LICENSES, licensedReadme } from "@/lib/licenses";
import { type RepoType, repoApiPath, repoPagePath } from "@/lib/paths";

/** Waits this long after the last keystroke before asking the hub. */
const CHECK_DELAY_MS = 250;

type NameCheck =
	| { state: "empty" }
	| { state: "checking"; key: string }
	| { state: "ok"; key: string }
	| { state: "problem"; key: string; message: string };

function base64Of(text: string): string {
	let binary = "";
	for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
	return btoa(binary);
}

export interface OwnerChoice {
	name: string;
	kind: "user" | "org";
}

/** The owner picker's "another namespace" choice: `*` is in no account or organisation name. */
const OTHER_OWNER = "*other";

/** `anyOwner`: the visitor is a site admin, whom the hub lets create in any existing namespace. */
export function NewRepoForm({ type, owners, anyOwner }: { type: RepoType; owners: OwnerChoice[]; anyOwner: boolean }) {
	const router = useRouter();
	const hydrated = useHydrated();
	const ids = useId();
	const [picked, setPicked] = useState(owners[0]?.name ?? "");
	const [typedOwner, setTypedOwner] = useState("");
	const typing = anyOwner && picked === OTHER_OWNER;
	const owner = typing ? typedOwner.trim() : picked;
	const [name, setName] = useState("");
	const [check, setCheck] = useState<NameCheck>({ state: "empty" });
	const [busy, setBusy] = useState(false);
	const [error, setError] = useState<string>();
	const [createdWithout, setCreatedWithout] = useState<{ id: string; message: string }>();
	const key = `${owner}/${name}`;
	const noun = type === "model" ? "model" : "dataset";

	useEffect(() => {
		if (!name || !owner) {
			setCheck({ state: "empty" });
			return;
		}
		setCheck({ state: "checking", key });
		let live = true;
		const timer = setTimeout(async () => {
			const query = new URLSearchParams({ type, namespace: owner, name });
			const result = await hubCall<{ ok: boolean; problem?: string }>(`/api/repos/name-check?${query}`);
			if (!live) return;
			if (!result.ok) setCheck({ state: "problem", key, message: result.message });
			else if (result.data.ok) setCheck({ state: "ok", key });
			else setCheck({ state: "problem", key, message: result.data.problem ?? "This name cannot be used" });
		}, CHECK_DELAY_MS);
		return () => {
			live = false;
			clearTimeout(timer);
		};
	}, [type, owner, name, key]);

	const ready = check.state === "ok" && check.key === key && hydrated && !busy;

	const submit = async (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		if (!ready) return;
		const form = new FormData(event.currentTarget);
		const license = String(form.get("license") ?? "");
		setBusy(true);
		setError(undefined);
		const created = await hubCall<{ id: string }>("/api/repos/create", {
			method: "POST",
			json: { type, name, organization: owner, private: form.get("private") === "on" },
		});
		if (!created.ok) {
			setBusy(false);
			setError(created.message);
			return;
		}
		const id = created.data.id;
		if (license) {
			const lines = [
				{ key: "header", value: { summary: "Add README.md with the license" } },
				{
					key: "file",
					value: { path: "README.md", content: base64Of(licensedReadme(license, name)), encoding: "base64" },
				},
			];
			const committed = await hubCall(`${repoApiPath(type, id)}/commit/main`, {
				method: "POST",
				body: new Blob([lines.map((line) => JSON.stringify(line)).join("\n")]),
				contentType: "application/x-ndjson",
			});
			if (!committed.ok) {
				// The repository exists: say what is missing and link to it rather than leave at once.
				setBusy(false);
				setCreatedWithout({ id, message: committed.message });
				return;
			}
		}
		router.push(repoPagePath(type, id));
	};

	const nameHint = `${ids}-name-hint`;
	const nameStatus = `${ids}-name-status`;
	return (
		<form method="post" className="account-form new-repo-form" onSubmit={submit} data-testid="new-repo-form">
			<div className="new-repo-id">
				<div className="field">
					<label htmlFor={`${ids}-owner`}>Owner</label>
					<select id={`${ids}-owner`} name="owner" value={picked} onChange={(event) => setPicked(event.target.value)}>
						{owners.map((choice) => (
							<option key={choice.name} value={choice.name}>
								{choice.name}
								{choice.kind === "org" ? " (organization)" : ""}
							</option>
						))}
						{anyOwner ? <option value={OTHER_OWNER}>Another account or organization…</option> : null}
					</select>
				</div>
				<span className="new-repo-slash" aria-hidden>
					/
				</span>
				<div className="field">
					<label htmlFor={`${ids}-name`}>{type === "model" ? "Model name" : "Dataset name"}</label>
					<input
						id={`${ids}-name`}
						name="name"
						value={name}
						onChange={(event) => setName(event.target.value)}
						required
						maxLength={96}
						autoComplete="off"
						spellCheck={false}
						aria-invalid={check.state === "problem" ? true : undefined}
						aria-describedby={`${nameHint} ${nameStatus}`}
					/>
				</div>
			</div>
			{typing ? (
				<div className="field">
					<label htmlFor={`${ids}-other-owner`}>Other owner</label>
					<input
						id={`${ids}-other-owner`}
						name="other-owner"
						value={typedOwner}
						onChange={(event) => setTypedOwner(event.target.value)}
						required
						maxLength={96}
						autoComplete="off"
						spellCheck={false}
						aria-describedby={`${ids}-other-owner-hint ${nameStatus}`}
					/>
					<span className="field-hint" id={`${ids}-other-owner-hint`}>
						As a site administrator you may create in any existing account or organization.
					</span>
				</div>
			) : null}
			<span className="field-hint" id={nameHint}>
				Letters, digits, '-', '_' and '.'; its page will be at{" "}
				{repoPagePath(type, `${owner || "owner"}/${name || "name"}`)}.
			</span>
			<div id={nameStatus} role="status" aria-live="polite" data-testid="name-status">
				{check.state === "checking" ? <p className="field-hint">Checking…</p> : null}
				{check.state === "ok" && check.key === key ? <p className="form-success">{key} is available.</p> : null}
				{check.state === "problem" && check.key === key ? <p className="form-error">{check.message}</p> : null}
			</div>
			<fieldset className="fieldset">
				<legend>Visibility</legend>
				<label className="checkbox-row">
					<input type="checkbox" name="private" />
					<span>
						Private <span className="muted small">— only you, or the organization's members, can see it</span>
					</span>
				</label>
			</fieldset>
			<div className="field">
				<label htmlFor={`${ids}-license`}>License</label>
				<select id={`${ids}-license`} name="license" defaultValue="">
					<option value="">None yet</option>
					{COMMON_LICENSES.map((license) => (
						<option key={license.id} value={license.id}>
							{license.label} ({license.id})
						</option>
					))}
				</select>
			</div>
			{error ? (
				<p className="form-error" role="alert">
					{error}
				</p>
			) : null}
			{createdWithout ? (
				<p className="form-error" role="alert">
					<Link href={repoPagePath(type, createdWithout.id)}>{createdWithout.id}</Link> was created, but its README.md
					could not be written: {createdWithout.message}
				</p>
			) : null}
			<div className="button-row">
				<button type="submit" className="button button-primary" disabled={!ready}>
					{busy ? "Creating…" : `Create ${noun}`}
				</button>
			</div>
		</form>
	);
}
