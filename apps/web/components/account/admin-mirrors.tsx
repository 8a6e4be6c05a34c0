"use client";
/**
 * Mirrors (`/api/admin/mirrors`): each repository copied from another hub, with the repository it
 * mirrors, the upstream commit it holds, its size and when the upstream was last read. Refresh
 * reads the upstream's `main` again now; Evict deletes the mirror, so the next read (with
 * `HUBKIT_UPSTREAM`) fetches it afresh. Above them, the cache of mirrored LFS files
 * (`/api/admin/mirrors/cache`): the bytes held of `HUBKIT_MIRROR_MAX_BYTES`. Below them, the
 * repositories a local namespace hides (`/api/admin/mirrors/shadowed`): asked for, absent here,
 * and never fetched because an account or organisation holds the namespace here (local first).
 */
import Link from "next/link";
import { useCallback, useEffect, useState } from "react";
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

interface MirrorCacheUse {
	bytes: number;
	files: number;
	limit: number | null;
}

interface ShadowedRead {
	type: "model" | "dataset";
	id: string;
	reads: number;
	firstRead: string;
	lastRead: string;
}

function cacheText(cache: MirrorCacheUse): string {
	const held = `${formatBytes(cache.bytes)} in ${cache.files} LFS ${cache.files === 1 ? "file" : "files"}`;
	if (cache.limit === null) return `Mirrored files held here: ${held}, no limit.`;
	return `Mirrored files held here: ${held} of ${formatBytes(cache.limit)}; past it the least recently used are evicted and fetched again when asked for.`;
}

export function AdminMirrors({ initial }: { initial: MirrorSummary[] }) {
	const [mirrors, setMirrors] = useState(initial);
	const [busy, setBusy] = useState<string>();
	const [message, setMessage] = useState<{ ok: boolean; text: string }>();
	const [cache, setCache] = useState<MirrorCacheUse>();
	const readCache = useCallback(async () => {
		const result = await hubCall<MirrorCacheUse>("/api/admin/mirrors/cache");
		if (result.ok) setCache(result.data);
	}, []);
	useEffect(() => {
		void readCache();
	}, [readCache]);
	const [shadowed, setShadowed] = useState<ShadowedRead[]>([]);
	useEffect(() => {
		void hubCall<ShadowedRead[]>("/api/admin/mirrors/shadowed").then((result) => {
			if (result.ok) setShadowed(result.data);
		});
	}, []);

	const act = async (mirror: MirrorSummary, action: "refresh" | "evict") => {
		setBusy(mirror.id);
		const result = await hubCall<MirrorSummary>(`/api/admin/mirrors/${action}`, {
			method: "POST",
			json: { type: mirror.type, id: mirror.id },
		});
		setBusy(undefined);
		void readCache();
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
		<>
			<section aria-labelledby="admin-mirrors-title">
				<h2 id="admin-mirrors-title">Mirrors</h2>
				{cache ? (
					<p className="muted" data-testid="admin-mirror-cache">
						{cacheText(cache)}
					</p>
				) : null}
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
			{shadowed.length > 0 ? <ShadowedReads reads={shadowed} /> : null}
		</>
	);
}

function ShadowedReads({ reads }: { reads: ShadowedRead[] }) {
	return (
		<section className="section" aria-labelledby="admin-shadowed-title">
			<h3 id="admin-shadowed-title">Local names hiding upstream repositories</h3>
			<p className="muted">
				A namespace an account or organisation holds here is never fetched from the upstream (local first). These
				repositories were asked for, are not on this hub, and were not fetched; the most recently asked for first.
			</p>
			<div className="table-scroll">
				<table className="table" data-testid="admin-shadowed">
					<thead>
						<tr>
							<th scope="col">Repository</th>
							<th scope="col">Reads</th>
							<th scope="col">First read</th>
							<th scope="col">Last read</th>
						</tr>
					</thead>
					<tbody>
						{reads.map((read) => (
							<tr key={`${read.type}/${read.id}`}>
								<td>
									{read.id}
									{read.type === "dataset" ? <span className="muted"> (dataset)</span> : null}
								</td>
								<td>{read.reads}</td>
								<td>{formatDay(read.firstRead)}</td>
								<td>{formatDay(read.lastRead)}</td>
							</tr>
						))}
					</tbody>
				</table>
			</div>
		</section>
	);
}
