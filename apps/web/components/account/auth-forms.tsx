"use client";
/**
 * Sign-up and sign-in forms. Each posts JSON to the hub (`/api/auth/signup`,
 * `/api/auth/login`) from this origin; the hub sets the session cookie, and the
 * page is then loaded afresh so the header and every server component see it.
 * The hub's own messages are shown as they are: the sign-in one never says
 * whether the name exists.
 */
import Link from "next/link";
import { type FormEvent, useState } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import { hubCall } from "@/lib/hub/browser";
import "./account.css";

function FormError({ message }: { message: string | undefined }) {
	return (
		<div role="alert" aria-live="assertive">
			{message ? <p className="form-error">{message}</p> : null}
		</div>
	);
}

export function LoginForm({ next }: { next: string }) {
	const [error, setError] = useState<string>();
	const [busy, setBusy] = useState(false);
	const hydrated = useHydrated();

	const submit = async (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		const form = new FormData(event.currentTarget);
		setBusy(true);
		setError(undefined);
		const result = await hubCall("/api/auth/login", {
			method: "POST",
			json: { username: String(form.get("username") ?? "").trim(), password: String(form.get("password") ?? "") },
		});
		if (!result.ok) {
			setBusy(false);
			setError(result.message);
			return;
		}
		window.location.assign(next);
	};

	return (
		<form method="post" className="account-form" onSubmit={submit} data-testid="login-form">
			<div className="field">
				<label htmlFor="login-username">Username or email</label>
				<input id="login-username" name="username" autoComplete="username" required maxLength={254} />
			</div>
			<div className="field">
				<label htmlFor="login-password">Password</label>
				<input
					id="login-password"
					name="password"
					type="password"
					autoComplete="current-password"
					required
					maxLength={1024}
				/>
			</div>
			<FormError message={error} />
			<button type="submit" className="button button-primary" disabled={busy || !hydrated}>
				{busy ? "Signing in…" : "Log in"}
			</button>
			<p className="muted small">
				New here? <Link href="/join">Create an account</Link>.
			</p>
		</form>
	);
}

export function JoinForm() {
	const [error, setError] = useState<string>();
	const [busy, setBusy] = useState(false);
	const hydrated = useHydrated();

	const submit = async (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		const form = new FormData(event.currentTarget);
		const fullname = String(form.get("fullname") ?? "").trim();
		setBusy(true);
		setError(undefined);
		const result = await hubCall<{ name: string }>("/api/auth/signup", {
			method: "POST",
			json: {
				username: String(form.get("username") ?? "").trim(),
				email: String(form.get("email") ?? "").trim(),
				password: String(form.get("password") ?? ""),
				...(fullname ? { fullname } : {}),
			},
		});
		if (!result.ok) {
			setBusy(false);
			setError(result.message);
			return;
		}
		window.location.assign(`/${encodeURIComponent(result.data.name)}`);
	};

	return (
		<form method="post" className="account-form" onSubmit={submit} data-testid="join-form">
			<div className="field">
				<label htmlFor="join-username">Username</label>
				<input
					id="join-username"
					name="username"
					autoComplete="username"
					required
					maxLength={96}
					aria-describedby="join-username-hint"
				/>
				<span className="field-hint" id="join-username-hint">
					Letters, digits, “-”, “_” and “.”; your profile will be at /your-name.
				</span>
			</div>
			<div className="field">
				<label htmlFor="join-fullname">Full name (optional)</label>
				<input id="join-fullname" name="fullname" autoComplete="name" maxLength={100} />
			</div>
			<div className="field">
				<label htmlFor="join-email">Email</label>
				<input id="join-email" name="email" type="email" autoComplete="email" required maxLength={254} />
			</div>
			<div className="field">
				<label htmlFor="join-password">Password</label>
				<input
					id="join-password"
					name="password"
					type="password"
					autoComplete="new-password"
					required
					minLength={10}
					maxLength={1024}
					aria-describedby="join-password-hint"
				/>
				<span className="field-hint" id="join-password-hint">
					At least 10 characters.
				</span>
			</div>
			<FormError message={error} />
			<button type="submit" className="button button-primary" disabled={busy || !hydrated}>
				{busy ? "Creating your account…" : "Sign up"}
			</button>
			<p className="muted small">
				Already have an account? <Link href="/login">Log in</Link>.
			</p>
		</form>
	);
}
