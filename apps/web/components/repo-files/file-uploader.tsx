"use client";
/**
 * Uploading files and folders to a repository: the shared upload area takes them (drop, click,
 * paste, a folder picker) and turns away what the hub would refuse (empty, over its upload limit,
 * too many, a refused type, a `.git` folder); the chosen files are listed, each with its progress,
 * under one commit message.
 * `@huggingface/hub` is loaded on the first commit: it asks the hub which files go through LFS,
 * sends those with XHR (so each reports its progress and the page stays responsive), then commits,
 * all on this origin with the session cookie, no token.
 */
import { useRouter } from "next/navigation";
import { type FormEvent, useId, useState } from "react";
import type { CheckedFile } from "@/components/upload/check-files";
import { UploadArea } from "@/components/upload/upload-area";
import { formatBytes } from "@/lib/format";
import type { RepoRef } from "@/lib/paths";
import { repoUploadLimits } from "@/lib/upload-config";

interface Chosen {
	path: string;
	file: File;
	/** 0…1 while it uploads; undefined before. */
	progress?: number;
}

const PHASES = {
	preuploading: "Checking which files go through LFS…",
	uploadingLargeFiles: "Uploading large files…",
	committing: "Committing…",
} as const;

export function FileUploader({
	repo,
	revision,
	uploadLimitBytes,
	maxFilesPerCommit,
	refusedTypes,
}: {
	repo: RepoRef;
	revision: string;
	uploadLimitBytes: number;
	maxFilesPerCommit: number;
	/** Extensions the hub refuses (`GET …/write-access`). */
	refusedTypes: readonly string[];
}) {
	const router = useRouter();
	const messageId = useId();
	const [chosen, setChosen] = useState<Chosen[]>([]);
	const [summary, setSummary] = useState("");
	const [status, setStatus] = useState<{ text: string; error?: boolean }>();
	const [busy, setBusy] = useState(false);
	/** The list shown is of files already committed (each at 100%) until new ones are chosen. */
	const [committed, setCommitted] = useState(false);
	const limits = repoUploadLimits(uploadLimitBytes, maxFilesPerCommit, refusedTypes);
	const pending = committed ? 0 : chosen.length;
	const defaultSummary = pending === 0 ? "Upload files" : `Upload ${pending} ${pending === 1 ? "file" : "files"}`;

	const add = (accepted: CheckedFile[]) => {
		setStatus(undefined);
		const wasCommitted = committed;
		setCommitted(false);
		setChosen((previous) => {
			const current = wasCommitted ? [] : previous;
			// The same path chosen again replaces the earlier choice.
			const byPath = new Map(current.map((item) => [item.path, item]));
			for (const { file, path } of accepted) byPath.set(path ?? file.name, { path: path ?? file.name, file });
			return [...byPath.values()];
		});
	};

	const setProgress = (path: string, progress: number) =>
		setChosen((current) => current.map((item) => (item.path === path ? { ...item, progress } : item)));

	const commit = async (event: FormEvent) => {
		event.preventDefault();
		if (chosen.length === 0 || busy || committed) return;
		if (chosen.length > maxFilesPerCommit) {
			setStatus({ text: `Too many files: at most ${maxFilesPerCommit} go in one commit.`, error: true });
			return;
		}
		setBusy(true);
		setStatus({ text: "Loading the uploader…" });
		try {
			const { uploadFilesWithProgress } = await import("@huggingface/hub");
			const events = uploadFilesWithProgress({
				repo: { type: repo.type, name: repo.id },
				// This origin: the hub is the front door, and the session cookie goes with each call.
				hubUrl: window.location.origin,
				branch: revision,
				files: chosen.map((item) => ({ path: item.path, content: item.file })),
				commitTitle: summary.trim() || defaultSummary,
				// The hub speaks basic and multipart LFS transfers.
				useXet: false,
			});
			for await (const progress of events) {
				if (progress.event === "phase") setStatus({ text: PHASES[progress.phase] });
				else if (progress.state === "uploading") setProgress(progress.path, progress.progress);
			}
			const count = chosen.length;
			setChosen((current) => current.map((item) => ({ ...item, progress: 1 })));
			setCommitted(true);
			setSummary("");
			setStatus({ text: `Committed ${count} ${count === 1 ? "file" : "files"} to ${revision}.` });
			router.refresh();
		} catch (error) {
			setStatus({ text: `The upload failed: ${error instanceof Error ? error.message : String(error)}`, error: true });
		} finally {
			setBusy(false);
		}
	};

	return (
		<form className="file-uploader" onSubmit={commit} aria-label="Upload files">
			<UploadArea limits={limits} onAcceptMany={add} prompt="Drop files or folders here" disabled={busy} />
			{chosen.length > 0 ? (
				<ul className="upload-list" aria-label="Files to commit">
					{chosen.map((item) => (
						<li key={item.path} className="upload-list-item">
							<span className="upload-list-name">{item.path}</span>
							<span className="muted small">{formatBytes(item.file.size)}</span>
							<progress
								max={1}
								value={item.progress ?? 0}
								aria-label={`Upload progress of ${item.path}`}
								data-progress={item.progress ?? 0}
							/>
							<span className="small muted upload-list-percent">
								{committed ? "Done" : item.progress === undefined ? "Waiting" : `${Math.round(item.progress * 100)}%`}
							</span>
							{committed ? null : (
								<button
									type="button"
									className="button button-small"
									aria-label={`Remove ${item.path}`}
									disabled={busy}
									onClick={() => setChosen((current) => current.filter((other) => other.path !== item.path))}
								>
									Remove
								</button>
							)}
						</li>
					))}
				</ul>
			) : null}
			<div className="field">
				<label htmlFor={messageId}>Commit message</label>
				<input
					id={messageId}
					value={summary}
					placeholder={defaultSummary}
					onChange={(event) => setSummary(event.target.value)}
					maxLength={200}
				/>
			</div>
			<div className="form-actions">
				<button type="submit" className="button button-primary" disabled={busy || committed || chosen.length === 0}>
					Commit changes to {revision}
				</button>
			</div>
			<div role="status" aria-live="polite">
				{status ? <p className={status.error ? "form-error" : "muted small"}>{status.text}</p> : null}
			</div>
		</form>
	);
}
