"use client";
/** Changes the password (`POST /api/settings/password`); the hub answers with a fresh session cookie. */
import { type FormEvent, useState } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import { hubCall } from "@/lib/hub/browser";

export function PasswordForm({ name }: { name: string }) {
	const [message, setMessage] = useState<{ ok: boolean; text: string }>();
	const [busy, setBusy] = useState(false);
	const hydrated = useHydrated();

	const submit = async (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		const formElement = event.currentTarget;
		const form = new FormData(formElement);
		const next = String(form.get("new") ?? "");
		if (next !== String(form.get("repeat") ?? "")) {
			setMessage({ ok: false, text: "The new password and its repetition differ." });
			return;
		}
		setBusy(true);
		const result = await hubCall("/api/settings/password", {
			method: "POST",
			json: { current: String(form.get("current") ?? ""), new: next },
		});
		setBusy(false);
		if (result.ok) {
			formElement.reset();
			setMessage({ ok: true, text: "Password changed. Other browsers have been signed out." });
		} else {
			setMessage({ ok: false, text: result.message });
		}
	};

	return (
		<form method="post" className="account-form" onSubmit={submit}>
			{/* For password managers: which account this is. */}
			<input type="text" name="username" autoComplete="username" value={name} readOnly hidden />
			<div className="field">
				<label htmlFor="password-current">Current password</label>
				<input id="password-current" name="current" type="password" autoComplete="current-password" required />
			</div>
			<div className="field">
				<label htmlFor="password-new">New password</label>
				<input
					id="password-new"
					name="new"
					type="password"
					autoComplete="new-password"
					required
					minLength={10}
					maxLength={1024}
				/>
				<span className="field-hint">At least 10 characters.</span>
			</div>
			<div className="field">
				<label htmlFor="password-repeat">New password again</label>
				<input id="password-repeat" name="repeat" type="password" autoComplete="new-password" required />
			</div>
			<div role="status" aria-live="polite">
				{message ? <p className={message.ok ? "form-success" : "form-error"}>{message.text}</p> : null}
			</div>
			<div className="button-row">
				<button type="submit" className="button button-primary" disabled={busy || !hydrated}>
					Change password
				</button>
			</div>
		</form>
	);
}
