"use client";
/**
 * Sign out everywhere (`POST /api/settings/sign-out-everywhere`): every browser session of the
 * user ends, this one included, and every app's access through "Sign in with the hub" is revoked.
 * Asked twice, then on to the sign-in page.
 */
import { useState } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import { hubCall } from "@/lib/hub/browser";

export function SignOutEverywhere() {
	const [asking, setAsking] = useState(false);
	const [busy, setBusy] = useState(false);
	const [error, setError] = useState<string>();
	const hydrated = useHydrated();

	const confirm = async () => {
		setBusy(true);
		const result = await hubCall("/api/settings/sign-out-everywhere", { method: "POST" });
		setBusy(false);
		if (result.ok) {
			window.location.assign("/login");
			return;
		}
		setAsking(false);
		setError(result.message);
	};

	return (
		<div className="account-form">
			<div role="status" aria-live="polite">
				{error ? <p className="form-error">{error}</p> : null}
			</div>
			<div className="button-row">
				{asking ? (
					<>
						<span>Sign out of every browser, this one too, and revoke every app's access?</span>
						<button type="button" className="button button-danger" disabled={busy} onClick={confirm}>
							Yes, sign out everywhere
						</button>
						<button type="button" className="button" disabled={busy} onClick={() => setAsking(false)}>
							Cancel
						</button>
					</>
				) : (
					<button type="button" className="button" disabled={!hydrated} onClick={() => setAsking(true)}>
						Sign out everywhere
					</button>
				)}
			</div>
		</div>
	);
}
