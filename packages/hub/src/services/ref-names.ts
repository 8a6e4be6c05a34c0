/**
 * The names of a repository's refs, as git and huggingface.co spell them: branches (`refs/heads/…`,
 * kept in `refs`), tags (`refs/tags/…`, in `ref_tags`) and the special refs of `special_refs`:
 * `refs/pr/N`, the head of pull request N, and `refs/convert/NAME`, a conversion of the repository
 * (the dataset viewer's `refs/convert/parquet`). A branch or tag name never starts with `refs/`
 * (refs.ts `refNameProblem`), so a full name says its kind.
 */

export type SpecialRefKind = "pr" | "convert";
export type RefKind = "branch" | "tag" | SpecialRefKind;

export interface NamedRef {
	kind: RefKind;
	/** The name under its kind's prefix: `main`, `v1.0`, `1` (for `refs/pr/1`), `parquet`. */
	name: string;
}

const PREFIXES: Record<RefKind, string> = {
	branch: "refs/heads/",
	tag: "refs/tags/",
	pr: "refs/pr/",
	convert: "refs/convert/",
};

const PULL_REQUEST = /^refs\/pr\/([1-9][0-9]{0,8})$/;
const CONVERSION = /^refs\/convert\/([A-Za-z0-9][A-Za-z0-9._-]{0,63})$/;

/** The ref's full name: `refs/heads/main`, `refs/pr/1`. */
export function qualifiedRef(ref: NamedRef): string {
	return PREFIXES[ref.kind] + ref.name;
}

export function isSpecialKind(kind: RefKind): kind is SpecialRefKind {
	return kind === "pr" || kind === "convert";
}

/** The special ref a full name is (`refs/pr/N`, `refs/convert/NAME`); undefined for any other name. */
export function specialRefNamed(fullName: string): { kind: SpecialRefKind; name: string } | undefined {
	const pullRequest = PULL_REQUEST.exec(fullName);
	if (pullRequest) return { kind: "pr", name: pullRequest[1] as string };
	const conversion = CONVERSION.exec(fullName);
	return conversion ? { kind: "convert", name: conversion[1] as string } : undefined;
}

/**
 * The refs a revision may name, in the order a look-up tries them: a full name names one ref, a
 * bare name a branch, then a tag (`HEAD` is `main`). A commit id is none of these.
 */
export function refsNamedBy(revision: string): NamedRef[] {
	const special = specialRefNamed(revision);
	if (special) return [special];
	if (revision === "HEAD") return [{ kind: "branch", name: "main" }];
	if (revision.startsWith(PREFIXES.branch)) return [{ kind: "branch", name: revision.slice(PREFIXES.branch.length) }];
	if (revision.startsWith(PREFIXES.tag)) return [{ kind: "tag", name: revision.slice(PREFIXES.tag.length) }];
	if (revision.startsWith("refs/")) return [];
	return [
		{ kind: "branch", name: revision },
		{ kind: "tag", name: revision },
	];
}
