"use client";
/**
 * Mirrors (`/api/admin/mirrors`): each repository copied from another hub, with the repository it
 * mirrors, the upstream commit it holds, its size and when the upstream was last read. Refresh
 * reads the upstream's `main` again now; Evict deletes the mirror, so the next read (with
 * `HUBKIT_UPSTREAM`) fetches it afresh.
 */
import Link from "next/link";
import { useState } from "react";
import { formatBytes, formatDay } from "@/lib/format";
import { hubCall } from "@/lib/hub/browser";
import { repoPagePath } from "@/lib/paths";
import { ConfirmAction } from "./confirm-action";

export interface MirrorSummary {
	type: "model" | "dataset";
	id: string;
	upstream: string;
	upstreamSha: string | null;
	size: number;
	refreshedAt: string;
}

export function AdminMirrors({ initial }: { initial: MirrorSummary[] }) {
	const [mirrors, setMirrors] = useState(initial);
	const [busy, setBusy] = useState<string>();
	const [message, setMessage] = useState<{ ok: boolean; text: string }>();

	const act = async (mirror: MirrorSummary, action: "refresh" | "evict") => {
		setBusy(mirror.id);
		const result = await hubCall<MirrorSummary>(`/api/admin/mirrors/${action}`, {
			method: "POST",
			json: { type: mirror.type, id: mirror.id },
		});
		setBusy(undefined);
		if (!result.ok) {
			setMessage({ ok: false, text: result.message });
			return;
		}
		if (action === "evict") {
			setMirrors((list) => list.filter((item) => item !== mirror));
			setMessage({ ok: true, text: `${mirror.id} evicted.` });
			return;
		}
		const fresh = result.data;
		setMirrors((list) => list.map((item) => (item === mirror ? fresh : item)));
		const moved = fresh.upstreamSha !== mirror.upstreamSha;
		setMessage({ ok: true, text: moved ? `${mirror.id} updated from its upstream.` : `${mirror.id} is up to date.` });
	};

	return (
		<section aria-labelledby="admin-mirrors-title">
			<h2 id="admin-mirrors-title">Mirrors</h2>
			<div role="status" aria-live="polite">
				{message ? <p className={message.ok ? "form-success" : "form-error"}>{message.text}</p> : null}
			</div>
			{mirrors.length === 0 ? (
				<p className="muted">No repositories mirrored from another hub.</p>
			) : (
				<div className="table-scroll">
					<table className="table" data-testid="admin-mirrors">
						<thead>
							<tr>
								<th scope="col">Repository</th>
								<th scope="col">Mirror of</th>
								<th scope="col">Commit</th>
								<th scope="col">Size</th>
								<th scope="col">Last read</th>
								<th scope="col">
									<span className="sr-only">Actions</span>
								</th>
							</tr>
						</thead>
						<tbody>
							{mirrors.map((mirror) => (
								<tr key={`${mirror.type}/${mirror.id}`}>
									<td>
										<Link href={repoPagePath(mirror.type, mirror.id)} prefetch={false}>
											{mirror.id}
										</Link>
										{mirror.type === "dataset" ? <span className="muted"> (dataset)</span> : null}
									</td>
									<td>
										<a href={mirror.upstream} rel="noopener noreferrer">
											{mirror.upstream}
										</a>
									</td>
									<td>
										<code>{mirror.upstreamSha?.slice(0, 7) ?? "—"}</code>
									</td>
									<td>{formatBytes(mirror.size)}</td>
									<td>{formatDay(mirror.refreshedAt)}</td>
									<td>
										<div className="row-actions">
											<button
												type="button"
												className="button button-small"
												aria-label={`Refresh ${mirror.id}`}
												disabled={busy === mirror.id}
												onClick={() => act(mirror, "refresh")}
											>
												Refresh
											</button>
											<ConfirmAction
												verb="Evict"
												subject={mirror.id}
												question={`Evict ${mirror.id}?`}
												onConfirm={() => act(mirror, "evict")}
											/>
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
