"use client";
/**
 * Full name, bio and social links (`PUT /api/settings/profile`, or an
 * organisation's settings route). The hub validates the links; its message for a
 * bad one ("Invalid github link: …") is shown under that field, others above the button.
 */
import { type FormEvent, useState } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import { hubCall } from "@/lib/hub/browser";

export const LINK_FIELDS = [
	{ key: "github", label: "GitHub" },
	{ key: "x", label: "X" },
	{ key: "linkedin", label: "LinkedIn" },
	{ key: "bluesky", label: "Bluesky" },
	{ key: "website", label: "Website" },
] as const;

export type LinkKey = (typeof LINK_FIELDS)[number]["key"];

export interface EditableProfile {
	fullname: string | null;
	bio: string | null;
	links: Partial<Record<LinkKey, string | null>>;
}

export function ProfileForm({
	endpoint,
	method = "PUT",
	initial,
}: {
	endpoint: string;
	method?: string;
	initial: EditableProfile;
}) {
	const [fieldError, setFieldError] = useState<{ key?: string; text: string }>();
	const [saved, setSaved] = useState(false);
	const [busy, setBusy] = useState(false);
	const hydrated = useHydrated();

	const submit = async (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		const form = new FormData(event.currentTarget);
		const links: Record<string, string | null> = {};
		for (const { key } of LINK_FIELDS) {
			const value = String(form.get(key) ?? "").trim();
			links[key] = value === "" ? null : value;
		}
		const fullname = String(form.get("fullname") ?? "").trim();
		setBusy(true);
		setSaved(false);
		setFieldError(undefined);
		const result = await hubCall(endpoint, {
			method,
			// An empty full name is left as it is (the hub keeps one of 1 to 100 characters).
			json: { ...(fullname ? { fullname } : {}), bio: String(form.get("bio") ?? ""), links },
		});
		setBusy(false);
		if (result.ok) {
			setSaved(true);
			return;
		}
		const key = /^Invalid (\w+) link/.exec(result.message)?.[1];
		setFieldError({ key, text: result.message });
	};

	const errorFor = (key: string) =>
		fieldError?.key === key ? (
			<p className="field-error" id={`profile-${key}-error`}>
				{fieldError.text}
			</p>
		) : null;

	return (
		<form method="post" className="account-form" onSubmit={submit} noValidate data-testid="profile-form">
			<div className="field">
				<label htmlFor="profile-fullname">Full name</label>
				<input
					id="profile-fullname"
					name="fullname"
					defaultValue={initial.fullname ?? ""}
					maxLength={100}
					autoComplete="name"
				/>
			</div>
			<div className="field">
				<label htmlFor="profile-bio">Bio</label>
				<textarea id="profile-bio" name="bio" defaultValue={initial.bio ?? ""} maxLength={2000} />
			</div>
			<fieldset className="fieldset">
				<legend>Links</legend>
				{LINK_FIELDS.map(({ key, label }) => (
					<div className="field" key={key}>
						<label htmlFor={`profile-${key}`}>{label}</label>
						<input
							id={`profile-${key}`}
							name={key}
							type="url"
							inputMode="url"
							placeholder="https://…"
							defaultValue={initial.links[key] ?? ""}
							aria-invalid={fieldError?.key === key || undefined}
							aria-describedby={fieldError?.key === key ? `profile-${key}-error` : undefined}
						/>
						{errorFor(key)}
					</div>
				))}
			</fieldset>
			<div role="status" aria-live="polite">
				{fieldError ? <p className="form-error">{fieldError.text}</p> : null}
				{saved ? <p className="form-success">Profile saved.</p> : null}
			</div>
			<div className="button-row">
				<button type="submit" className="button button-primary" disabled={busy || !hydrated}>
					Save profile
				</button>
			</div>
		</form>
	);
}
