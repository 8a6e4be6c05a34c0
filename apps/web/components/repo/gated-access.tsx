"use client";
/**
 * What a visitor of a gated repository sees until they may download its files:
 * signed out, a link to sign in and come back; signed in, "Ask for access"
 * (`POST …/ask-access`), then the state of their request. A repository gated
 * `auto` accepts at once, and the page is read again so its files open.
 */
import { usePathname, useRouter } from "next/navigation";
import { useState } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import { hubCall } from "@/lib/hub/browser";
import type { AccessStatus } from "@/lib/hub/repos";
import { type RepoType, repoApiPath, signInPath } from "@/lib/paths";

const STATUS_TEXT: Record<AccessStatus, string> = {
	pending: "Your request is pending: the owner will review it.",
	accepted: "Your request was accepted: you can download the files.",
	rejected: "Your request was rejected by the owner.",
};

export function GatedAccess({
	repoType,
	repoId,
	status: initialStatus,
	signedIn,
}: {
	repoType: RepoType;
	repoId: string;
	status: AccessStatus | null;
	signedIn: boolean;
}) {
	const pathname = usePathname();
	const router = useRouter();
	const hydrated = useHydrated();
	const [status, setStatus] = useState(initialStatus);
	const [busy, setBusy] = useState(false);
	const [error, setError] = useState<string>();

	const ask = async () => {
		setBusy(true);
		setError(undefined);
		const result = await hubCall<{ status: AccessStatus }>(`${repoApiPath(repoType, repoId)}/ask-access`, {
			method: "POST",
		});
		setBusy(false);
		if (!result.ok) {
			setError(result.message);
			return;
		}
		setStatus(result.data.status);
		if (result.data.status === "accepted") router.refresh();
	};

	return (
		<section className="card gated-access" aria-labelledby="gated-heading" data-testid="gated-access">
			<h2 id="gated-heading">This {repoType} is gated</h2>
			<p>Its owner asks you to request access before you download its files. The card stays readable.</p>
			{!signedIn ? (
				<p>
					<a className="button button-primary" href={signInPath(pathname)}>
						Sign in to ask for access
					</a>
				</p>
			) : status ? (
				<p data-testid="access-status" data-status={status}>
					{STATUS_TEXT[status]}
				</p>
			) : (
				<p>
					<button type="button" className="button button-primary" onClick={ask} disabled={busy || !hydrated}>
						Ask for access
					</button>
				</p>
			)}
			<div role="status" aria-live="polite">
				{error ? <p className="form-error">{error}</p> : null}
			</div>
		</section>
	);
}
