/**
 * Small commits from the browser (an edited file, a deletion) as the hub's NDJSON commit, on the
 * site's own origin with the session cookie. Uploads go through `@huggingface/hub` instead
 * (file-uploader.tsx): it sends large files through LFS with progress.
 */
import { hubCall } from "@/lib/hub/browser";
import { type RepoRef, repoApiPath } from "@/lib/paths";

export type CommitLine =
	| { key: "file"; value: { path: string; content: string; encoding: "base64" } }
	| { key: "deletedFile"; value: { path: string } }
	| { key: "deletedFolder"; value: { path: string } };

export type CommitResult =
	| { ok: true; commitOid: string }
	| { ok: false; status: number; message: string; conflict: boolean };

/** UTF-8 text as base64, for a `file` line. */
export function textToBase64(text: string): string {
	const bytes = new TextEncoder().encode(text);
	let binary = "";
	for (let start = 0; start < bytes.length; start += 0x8000) {
		binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
	}
	return btoa(binary);
}

export async function commitLines(
	repo: RepoRef,
	lines: CommitLine[],
	header: { summary: string; description?: string; parentCommit?: string },
	branch = "main",
): Promise<CommitResult> {
	const body = [{ key: "header", value: header }, ...lines].map((line) => JSON.stringify(line)).join("\n");
	const result = await hubCall<{ commitOid: string }>(
		`${repoApiPath(repo.type, repo.id)}/commit/${encodeURIComponent(branch)}`,
		{
			method: "POST",
			body: new Blob([body]),
			contentType: "application/x-ndjson",
		},
	);
	if (result.ok) return { ok: true, commitOid: result.data.commitOid };
	return { ok: false, status: result.status, message: result.message, conflict: result.status === 412 };
}
