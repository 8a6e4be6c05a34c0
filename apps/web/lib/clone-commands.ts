/**
 * "Clone repository": the commands that copy one repository of this hub to a
 * person's machine, with git and git-lfs or with the `hf` CLI, as huggingface.co
 * offers them, this hub's public URL in place of huggingface.co's.
 */
import { shString } from "@hubkit/tasks";
import { type RepoType, repoPagePath } from "./paths";

export interface CloneSnippet {
	title: string;
	language: "sh";
	content: string;
}

export interface CloneWays {
	/** What `git clone` takes: the repository's page URL, which is also its git remote. */
	url: string;
	git: { install: CloneSnippet; clone: CloneSnippet; pointersOnly: CloneSnippet };
	cli: { install: CloneSnippet; endpoint: CloneSnippet; download: CloneSnippet; login: CloneSnippet };
}

/** Characters a POSIX shell reads as part of a plain word: a URL as people type it needs no quotes. */
const PLAIN_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** `value` as one shell word: bare when the shell would read it so anyway, else quoted. */
function shWord(value: string): string {
	return PLAIN_WORD.test(value) ? value : shString(value);
}

const sh = (title: string, content: string): CloneSnippet => ({ title, language: "sh", content });

export function cloneWays(type: RepoType, id: string, hubUrl: string): CloneWays {
	const hub = hubUrl.replace(/\/+$/, "");
	const url = `${hub}${repoPagePath(type, id)}`;
	const download = type === "dataset" ? `hf download ${shWord(id)} --repo-type dataset` : `hf download ${shWord(id)}`;
	return {
		url,
		git: {
			install: sh("Set up git-lfs (once per machine)", "git lfs install"),
			clone: sh("Clone", `git clone ${shWord(url)}`),
			pointersOnly: sh("Clone without the large files", `GIT_LFS_SKIP_SMUDGE=1 git clone ${shWord(url)}`),
		},
		cli: {
			install: sh("Install", "pip install -U huggingface_hub"),
			endpoint: sh("Point it at this hub", `export HF_ENDPOINT=${shWord(hub)}`),
			download: sh(type === "dataset" ? "Download the dataset" : "Download the model", download),
			login: sh("Sign in with an access token", "hf auth login"),
		},
	};
}
