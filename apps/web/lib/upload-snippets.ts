/**
 * "How to upload" to one repository of this hub: from the web, `@huggingface/hub`,
 * `huggingface_hub` and plain curl. Each names this hub's URL and the repository id,
 * always as a literal of its language (`@hubkit/tasks` quoting), never pasted in by hand.
 */
import { jsString, pyString, shString } from "@hubkit/tasks";
import { type RepoType, repoApiPath, repoPagePath } from "./paths";

export interface UploadSnippet {
	title: string;
	language: "js" | "python" | "sh";
	content: string;
}

export interface UploadWay {
	key: "web" | "js" | "python" | "curl";
	title: string;
	/** Plain words above the code. */
	intro: string;
	snippets: UploadSnippet[];
}

/** A README.md with one line, base64 (what the commit API's inline files carry). */
const SAMPLE_README = "# Hello\n";
const SAMPLE_README_BASE64 = "IyBIZWxsbwo=";

export function uploadWays(type: RepoType, id: string, hubUrl: string): UploadWay[] {
	const commitUrl = `${hubUrl}${repoApiPath(type, id)}/commit/main`;
	const commitLines = [
		{ key: "header", value: { summary: "Add README.md" } },
		{ key: "file", value: { path: "README.md", content: SAMPLE_README_BASE64, encoding: "base64" } },
	].map((line) => JSON.stringify(line));
	return [
		{
			key: "web",
			title: "From the browser",
			intro: `Open the Files tab (${repoPagePath(type, id)}/tree/main) and add files there.`,
			snippets: [],
		},
		{
			key: "js",
			title: "JavaScript: @huggingface/hub",
			intro: "Point the client at this hub with hubUrl; use a write token from Settings → Access tokens.",
			snippets: [
				{ title: "Install", language: "sh", content: "npm install @huggingface/hub" },
				{
					title: "upload.mjs",
					language: "js",
					content: [
						'import { uploadFiles } from "@huggingface/hub";',
						"",
						"await uploadFiles({",
						`  repo: { type: ${jsString(type)}, name: ${jsString(id)} },`,
						`  hubUrl: ${jsString(hubUrl)},`,
						"  accessToken: process.env.HF_TOKEN,",
						"  files: [",
						`    { path: "README.md", content: new Blob([${jsString(SAMPLE_README)}]) },`,
						'    new URL("file:///path/to/model.safetensors"),',
						"  ],",
						"});",
					].join("\n"),
				},
			],
		},
		{
			key: "python",
			title: "Python: huggingface_hub",
			intro: "Set HF_ENDPOINT to this hub before huggingface_hub is imported, and HF_TOKEN to a write token.",
			snippets: [
				{ title: "Install", language: "sh", content: "pip install huggingface_hub" },
				{
					title: "upload.py",
					language: "python",
					content: [
						"import os",
						"",
						`os.environ["HF_ENDPOINT"] = ${pyString(hubUrl)}`,
						"",
						"from huggingface_hub import upload_folder",
						"",
						"upload_folder(",
						`    repo_id=${pyString(id)},`,
						`    repo_type=${pyString(type)},`,
						'    folder_path="path/to/folder",',
						'    commit_message="Upload files",',
						")",
					].join("\n"),
				},
			],
		},
		{
			key: "curl",
			title: "curl, without git",
			intro:
				"One commit is NDJSON: a header line, then one line per file (base64). Larger files go through Git LFS: ask preupload first (the Write API in the hub's docs).",
			snippets: [
				{
					title: "Commit a file",
					language: "sh",
					content: [
						`curl -X POST ${shString(commitUrl)} \\`,
						'  -H "Authorization: Bearer $HF_TOKEN" \\',
						'  -H "Content-Type: application/x-ndjson" \\',
						`  --data-binary ${shString(`${commitLines.join("\n")}\n`)}`,
					].join("\n"),
				},
			],
		},
	];
}
