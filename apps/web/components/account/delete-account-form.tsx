"use client";
/**
 * Deleting one's own account (`DELETE /api/settings/account`): the button stays
 * disabled until the name is typed exactly; the hub checks it again and may refuse
 * (the last admin of an organisation with other members: its message names it).
 */
import { type FormEvent, useState } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import { hubCall } from "@/lib/hub/browser";

export function DeleteAccountForm({ name }: { name: string }) {
	const [typed, setTyped] = useState("");
	const [error, setError] = useState<string>();
	const [busy, setBusy] = useState(false);
	const hydrated = useHydrated();

	const submit = async (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		if (typed !== name) return;
		setBusy(true);
		setError(undefined);
		const result = await hubCall("/api/settings/account", { method: "DELETE", json: { confirm: typed } });
		if (!result.ok) {
			setBusy(false);
			setError(result.message);
			return;
		}
		window.location.assign("/");
	};

	return (
		<form method="post" className="account-form" onSubmit={submit} data-testid="delete-account-form">
			<div className="field">
				<label htmlFor="delete-confirm">
					Type <strong>{name}</strong> to confirm
				</label>
				<input
					id="delete-confirm"
					name="confirm"
					autoComplete="off"
					spellCheck={false}
					value={typed}
					onChange={(event) => setTyped(event.currentTarget.value)}
				/>
			</div>
			<div role="alert">{error ? <p className="form-error">{error}</p> : null}</div>
			<div className="button-row">
				<button type="submit" className="button button-danger" disabled={busy || !hydrated || typed !== name}>
					Delete my account
				</button>
			</div>
		</form>
	);
}
