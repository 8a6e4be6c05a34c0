/**
 * canRunLocally's view of a model the hub already holds: the files of its `main`
 * revision as the store has them. A seeded placeholder (stored bytes fewer than
 * the size it lists) is not real, as the runtime's own file reads decide
 * (local-runtime.ts). Asked where a model's hf-inference mapping is decided from
 * the store rather than from a seed record (services/local-mapping.ts: a commit on
 * `main`, the catalogue refresh).
 */

import type { CandidateFiles, LocalCandidate } from "@hubkit/runtime";
import type { HubDeps } from "../deps.js";
import { readStreamLimited } from "../lib/streams.js";
import { FileService } from "../services/files.js";
import type { RevisionFile } from "../storage/repo-tree.js";

/** Nothing a check reads whole is larger than a config or tokenizer. */
const MAX_TEXT_BYTES = 64 * 1024 * 1024;

const isReal = (file: RevisionFile) => file.storedSize === undefined || file.storedSize === file.size;

export async function storeCandidate(
	deps: Pick<HubDeps, "db" | "blobStore">,
	model: { id: string; pipelineTag: string | undefined },
	files = new FileService(deps.db),
): Promise<LocalCandidate> {
	const tree = await files.tree(await files.resolveRevision(model.id, "main"));
	const bytes = async (path: string, limit: number): Promise<Uint8Array> => {
		const file = tree.revisionFile(path);
		if (!file || !isReal(file)) throw new Error(`${model.id} has no real ${path}`);
		const stream = await deps.blobStore.read(
			file.blobSha256,
			limit < file.size ? { start: 0, end: limit - 1 } : undefined,
		);
		if (!stream) throw new Error(`The stored bytes of ${model.id}'s ${path} are missing`);
		const read = await readStreamLimited(stream, Math.max(limit, 0));
		if (read === "too-large") throw new Error(`${model.id}'s ${path} is larger than ${limit} bytes`);
		return read;
	};
	const candidateFiles: CandidateFiles = {
		async file(path) {
			const file = tree.revisionFile(path);
			return file && { size: file.size, real: isReal(file) };
		},
		async text(path) {
			return new TextDecoder().decode(await bytes(path, MAX_TEXT_BYTES));
		},
		async paths() {
			return tree.list("", true).flatMap((entry) => (entry.type === "file" ? [entry.path] : []));
		},
		head: (path, length) => bytes(path, length),
	};
	return { id: model.id, pipelineTag: model.pipelineTag, files: candidateFiles };
}
