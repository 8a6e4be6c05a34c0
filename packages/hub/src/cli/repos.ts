/**
 * `hubkit check`, `hubkit import` and `hubkit mirror`: an operator's commands for
 * what the hub holds. They open the data directory directly, like `hubkit seed`,
 * so they work with the server stopped or running beside them.
 */
import { parseArgs } from "node:util";
import { folderFiles, ImportError, importFile } from "../services/import-folder.js";
import { checkIntegrity } from "../services/integrity.js";
import { MirrorError, readSourceRevision } from "../services/mirror.js";
import { recordMirroredFiles } from "../services/mirror-cache.js";
import { isMainRevision, type MirrorRef, readSourceRef, type SourceRef } from "../services/mirror-refs.js";
import { pathFilter } from "../services/path-patterns.js";
import { isSpecialKind, qualifiedRef } from "../services/ref-names.js";
import { type IngestResult, ingestSnapshot } from "../services/repo-ingest.js";
import { isRepoType, type RepoType, repoWebPath } from "../services/repos.js";
import { mirrorRevision } from "../services/upstream-mirror.js";
import { CommandError, UsageError, withHub } from "./shared.js";

export async function checkCommand(args: string[]): Promise<void> {
	const { values } = parseArgs({ args, options: { deep: { type: "boolean" }, data: { type: "string" } } });
	await withHub(values, async (hub) => {
		const report = await checkIntegrity(hub.deps, { deep: values.deep });
		for (const problem of report.problems) process.stdout.write(`${problem}\n`);
		const { notFetched } = report;
		const lazy =
			notFetched > 0 ? `, ${notFetched} LFS ${notFetched === 1 ? "file" : "files"} of mirrors not fetched yet` : "";
		const summary = `${report.repositories} repositories, ${report.commits} commits, ${report.blobs} referenced blobs${values.deep ? " (re-hashed)" : ""}${lazy}`;
		if (report.problems.length > 0) throw new CommandError(`${report.problems.length} problems in ${summary}`);
		process.stderr.write(`OK: ${summary}\n`);
	});
}

function repoTypeFlag(value: string | undefined): RepoType {
	if (value === undefined) return "model";
	if (!isRepoType(value)) throw new UsageError("--type must be model or dataset");
	return value;
}

function repoIdArgument(value: string | undefined, flag: string): string {
	if (!value || !/^[^/]+\/[^/]+$/.test(value)) throw new UsageError(`${flag} must be owner/name`);
	return value;
}

function report(result: IngestResult, files: number, ref: MirrorRef = { kind: "branch", name: "main" }): void {
	const { repo } = result;
	const what = result.repoCreated ? "Created" : result.changed ? "Updated" : "Unchanged:";
	// A pull request's head or a conversion by its full name: `refs/pr/1`, not `1`.
	const name = ref.kind === "commit" ? "" : isSpecialKind(ref.kind) ? qualifiedRef(ref) : ref.name;
	const at = ref.kind === "commit" ? `commit ${result.commitOid}` : `${name} at ${result.commitOid}`;
	process.stderr.write(`${what} ${repo.type} ${repo.id} (${files} files), ${at}: ${repoWebPath(repo.type, repo.id)}\n`);
	// The local runtime serves a model's main; another revision says nothing of it.
	if (repo.type !== "model" || ref.kind !== "branch" || ref.name !== "main") return;
	process.stderr.write(
		result.localTask
			? `The local runtime serves it (${result.localTask}): POST /hf-inference/models/${repo.id}\n`
			: "The local runtime cannot run it (no layout it knows); it is listed and downloadable.\n",
	);
}

export async function importCommand(args: string[]): Promise<void> {
	const { values, positionals } = parseArgs({
		args,
		options: {
			repo: { type: "string" },
			type: { type: "string" },
			private: { type: "boolean" },
			message: { type: "string" },
			data: { type: "string" },
		},
		allowPositionals: true,
	});
	const [folder, ...extra] = positionals;
	if (!folder || extra.length > 0) throw new UsageError("Give one folder: hubkit import PATH --repo owner/name");
	const id = repoIdArgument(values.repo, "--repo");
	const type = repoTypeFlag(values.type);
	await withHub(values, async (hub) => {
		try {
			const paths = await folderFiles(folder);
			const files = [];
			for (const path of paths) files.push(await importFile(hub.deps.blobStore, folder, path));
			const result = await ingestSnapshot(hub.deps, {
				type,
				id,
				files,
				summary: values.message ?? `Import ${paths.length} files`,
				private: values.private,
				keepGitattributes: true,
			});
			report(result, files.length);
		} catch (error) {
			if (error instanceof ImportError) throw new CommandError(error.message);
			throw error;
		}
	});
}

export async function mirrorCommand(args: string[]): Promise<void> {
	const { values, positionals } = parseArgs({
		args,
		options: {
			from: { type: "string" },
			revision: { type: "string" },
			include: { type: "string", multiple: true },
			exclude: { type: "string", multiple: true },
			type: { type: "string" },
			to: { type: "string" },
			data: { type: "string" },
		},
		allowPositionals: true,
	});
	const [sourceId, ...extra] = positionals;
	if (extra.length > 0) throw new UsageError("Give one repository: hubkit mirror owner/name --from URL");
	const id = repoIdArgument(sourceId, "The repository");
	if (!values.from) throw new UsageError("--from URL is required (the hub to copy from, e.g. https://huggingface.co)");
	const target = values.to === undefined ? id : repoIdArgument(values.to, "--to");
	const type = repoTypeFlag(values.type);
	const name = values.revision ?? "main";
	const patterns = [...(values.include ?? []), ...(values.exclude ?? [])];
	const wanted = patterns.length > 0 ? pathFilter(values.include ?? [], values.exclude ?? []) : undefined;
	// The source's token comes from the environment only: a flag would show in `ps` and shell history.
	const source = { from: values.from, type, id, revision: name, token: process.env.HF_TOKEN || undefined };
	await withHub(values, async (hub) => {
		try {
			const found: SourceRef | undefined = isMainRevision(name)
				? { ref: { kind: "branch", name: "main" }, sha: name }
				: await readSourceRef(source, name);
			if (!found) throw new CommandError(`${id} has no branch, tag, ref or commit ${name} on ${values.from}`);
			const revision = await readSourceRevision({ ...source, revision: found.sha });
			process.stderr.write(`${id} at ${revision.sha}: ${revision.files.length} files\n`);
			const counts = { downloaded: 0, resumed: 0, stored: 0, later: 0 };
			const { files, result } = await mirrorRevision(hub.deps, source, {
				target,
				revision,
				ref: found.ref,
				wanted,
				onFile: (file) => {
					counts[file.fetched]++;
					process.stderr.write(`  ${file.fetched.padEnd(10)} ${file.path} (${file.blob.size} bytes)\n`);
				},
			});
			// Its LFS files join the mirror cache, which HUBKIT_MIRROR_MAX_BYTES trims.
			await recordMirroredFiles(hub.deps, files);
			report(result, files.length, found.ref);
			const later = counts.later > 0 ? `, ${counts.later} LFS files left upstream (fetched on first download)` : "";
			process.stderr.write(`${counts.downloaded + counts.resumed} fetched, ${counts.stored} already here${later}\n`);
		} catch (error) {
			if (error instanceof MirrorError) throw new CommandError(error.message);
			throw error;
		}
	});
}
