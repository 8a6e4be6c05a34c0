/**
 * Where a repository page offers "How to upload": open on an empty repository (nothing but
 * `.gitattributes` and a README.md, as a new one has), for everyone; folded on any other, for
 * those who may write to it.
 */
import { publicUrl } from "@/lib/public-url";
import type { RepoType } from "@/lib/repos";
import { getWritableNamespaces } from "@/lib/session";
import { UploadPanel } from "./upload-panel";
import "./repo.css";

export function isEmptyRepo(siblings: { rfilename: string }[] | undefined): boolean {
	return (siblings ?? []).every((file) => file.rfilename === ".gitattributes" || file.rfilename === "README.md");
}

export async function RepoUploadHelp({
	type,
	id,
	siblings,
}: {
	type: RepoType;
	id: string;
	siblings: { rfilename: string }[] | undefined;
}) {
	const empty = isEmptyRepo(siblings);
	const namespace = id.split("/")[0];
	const [writable, hubUrl] = await Promise.all([getWritableNamespaces(), publicUrl()]);
	const writer = writable.some((entry) => entry.name === namespace);
	if (!empty && !writer) return null;
	return <UploadPanel type={type} id={id} hubUrl={hubUrl} open={empty} />;
}
