"use client";
/**
 * Contested names (`/api/admin/namespaces`): an account that signed up under a namespace the
 * site's own repositories use, or names differing only in case. Until decided nobody but site
 * admins writes there. Grant hands the namespace to the account spelled like it; Keep leaves it
 * to the site, renaming an account spelled exactly like it (the hub says when a new name is needed).
 */
import { type FormEvent, useState } from "react";
import { hubCall } from "@/lib/hub/browser";

export interface NamespaceConflict {
	name: string;
	namespaces: string[];
	accounts: string[];
	reason: string;
	decision: "granted" | "kept" | null;
}

export function AdminNamespaces({ initial }: { initial: NamespaceConflict[] }) {
	const [conflicts, setConflicts] = useState(initial);
	const [message, setMessage] = useState<{ ok: boolean; text: string }>();

	const decide = async (conflict: NamespaceConflict, action: "grant" | "keep", json: Record<string, string>) => {
		const result = await hubCall<NamespaceConflict>(
			`/api/admin/namespaces/${encodeURIComponent(conflict.name)}/${action}`,
			{ method: "POST", json },
		);
		if (!result.ok) {
			setMessage({ ok: false, text: result.message });
			return;
		}
		setConflicts((list) => list.filter((item) => item.name !== conflict.name));
		setMessage({
			ok: true,
			text:
				action === "grant" ? `${conflict.name} now belongs to ${json.account}.` : `The site keeps ${conflict.name}.`,
		});
	};

	const keep = (event: FormEvent<HTMLFormElement>, conflict: NamespaceConflict) => {
		event.preventDefault();
		const renameAccount = String(new FormData(event.currentTarget).get("renameAccount") ?? "").trim();
		void decide(conflict, "keep", renameAccount ? { renameAccount } : {});
	};

	return (
		<section aria-labelledby="admin-namespaces-title">
			<h2 id="admin-namespaces-title">Contested names</h2>
			<div role="status" aria-live="polite">
				{message ? <p className={message.ok ? "form-success" : "form-error"}>{message.text}</p> : null}
			</div>
			{conflicts.length === 0 ? (
				<p className="muted">No names to decide.</p>
			) : (
				<div className="table-scroll">
					<table className="table" data-testid="admin-namespaces">
						<thead>
							<tr>
								<th scope="col">Name</th>
								<th scope="col">Accounts</th>
								<th scope="col">Why</th>
								<th scope="col">
									<span className="sr-only">Decisions</span>
								</th>
							</tr>
						</thead>
						<tbody>
							{conflicts.map((conflict) => (
								<tr key={conflict.name}>
									<td>{conflict.namespaces.join(", ")}</td>
									<td>{conflict.accounts.join(", ") || "—"}</td>
									<td>{conflict.reason}</td>
									<td>
										<div className="row-actions">
											{conflict.accounts
												.filter((account) => conflict.namespaces.includes(account))
												.map((account) => (
													<button
														key={account}
														type="button"
														className="button button-small"
														onClick={() => decide(conflict, "grant", { account })}
													>
														Grant to {account}
													</button>
												))}
											<form className="row-actions" onSubmit={(event) => keep(event, conflict)}>
												<label className="sr-only" htmlFor={`rename-${conflict.name}`}>
													New name for the account {conflict.accounts.join(", ")}
												</label>
												<input
													id={`rename-${conflict.name}`}
													className="inline-select"
													name="renameAccount"
													placeholder="Account's new name"
													maxLength={96}
												/>
												<button type="submit" className="button button-small">
													Keep for the site<span className="sr-only"> {conflict.name}</span>
												</button>
											</form>
										</div>
									</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			)}
		</section>
	);
}
