/** Raw-HTTP helpers for the commit tests: create a repository, send an NDJSON commit, read a branch head. */
import type { Kysely } from "kysely";
import type { Database } from "../src/db/schema.js";

export interface Answer {
	status: number;
	// biome-ignore lint/suspicious/noExplicitAny: each test reads the fields its assertion checks
	body: any;
	headers: Headers;
}

async function answer(response: Response): Promise<Answer> {
	const text = await response.text();
	let body: unknown = text;
	try {
		body = text ? JSON.parse(text) : undefined;
	} catch {}
	return { status: response.status, body, headers: response.headers };
}

export async function createRepoRaw(url: string, token: string, body: Record<string, unknown>): Promise<Answer> {
	const response = await fetch(`${url}/api/repos/create`, {
		method: "POST",
		headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
		body: JSON.stringify(body),
	});
	return answer(response);
}

/** One NDJSON line of a commit body. */
export type CommitLine = { key: string; value: Record<string, unknown> };

export const header = (summary: string, parentCommit?: string): CommitLine => ({
	key: "header",
	value: { summary, ...(parentCommit ? { parentCommit } : {}) },
});

export const inline = (path: string, content: string | Uint8Array): CommitLine => ({
	key: "file",
	value: { path, content: Buffer.from(content).toString("base64"), encoding: "base64" },
});

export async function commitRaw(
	url: string,
	token: string,
	repo: string,
	lines: (CommitLine | string)[],
	options: { type?: "models" | "datasets"; revision?: string; query?: string } = {},
): Promise<Answer> {
	const path = `/api/${options.type ?? "models"}/${repo}/commit/${encodeURIComponent(options.revision ?? "main")}`;
	const response = await fetch(`${url}${path}${options.query ?? ""}`, {
		method: "POST",
		headers: { authorization: `Bearer ${token}`, "content-type": "application/x-ndjson" },
		body: lines.map((line) => (typeof line === "string" ? line : JSON.stringify(line))).join("\n"),
	});
	return answer(response);
}

export async function headOf(db: Kysely<Database>, key: string, branch = "main"): Promise<string | undefined> {
	const row = await db
		.selectFrom("refs")
		.select("commit_sha")
		.where("repo_id", "=", key)
		.where("name", "=", branch)
		.executeTakeFirst();
	return row?.commit_sha;
}

export async function commitCount(db: Kysely<Database>, key: string): Promise<number> {
	const rows = await db.selectFrom("commits").select("sha").where("repo_id", "=", key).execute();
	return rows.length;
}
