"use client";
/**
 * The Files tab's writing actions for someone who may write: "Upload files" opens the uploader
 * (loaded then, with the upload area; `@huggingface/hub` waits for the commit itself) and
 * "Create a file" opens the editor.
 */
import dynamic from "next/dynamic";
import Link from "next/link";
import { type ReactNode, useState } from "react";
import { type RepoRef, repoPagePath } from "@/lib/paths";

const FileUploader = dynamic(() => import("./file-uploader").then((module) => module.FileUploader), {
	ssr: false,
	loading: () => <p className="muted small">Loading the uploader…</p>,
});

export function FilesWriteActions({
	repo,
	revision,
	uploadLimitBytes,
	maxFilesPerCommit,
	refusedTypes,
	children,
}: {
	/** Links shown before the buttons (the history). */
	children?: ReactNode;
	repo: RepoRef;
	revision: string;
	uploadLimitBytes: number;
	maxFilesPerCommit: number;
	refusedTypes: readonly string[];
}) {
	const [uploading, setUploading] = useState(false);
	return (
		<div className="files-write">
			<div className="files-write-buttons">
				{children}
				<button
					type="button"
					className="button button-small"
					aria-expanded={uploading}
					onClick={() => setUploading((open) => !open)}
				>
					{uploading ? "Close the uploader" : "Upload files"}
				</button>
				<Link
					className="button button-small"
					href={`${repoPagePath(repo.type, repo.id)}/new/${encodeURIComponent(revision)}`}
				>
					Create a file
				</Link>
			</div>
			{uploading ? (
				<FileUploader
					repo={repo}
					revision={revision}
					uploadLimitBytes={uploadLimitBytes}
					maxFilesPerCommit={maxFilesPerCommit}
					refusedTypes={refusedTypes}
				/>
			) : null}
		</div>
	);
}
