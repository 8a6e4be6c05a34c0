/**
 * Where a repository page offers "How to upload". Its writers see it on every repository: open
 * while it holds nothing but `.gitattributes` and a README.md (as a new one does), folded after.
 * Everyone else sees it only on a repository with no files at all (not on a card-only one).
 */

import { getWritableNamespaces } from "@/lib/hub/users";
import type { RepoType } from "@/lib/paths";
import { publicUrl } from "@/lib/public-url";
import { UploadPanel } from "./upload-panel";
import "./repo.css";

const holdsOnly = (siblings: { rfilename: string }[] | undefined, paths: string[]) =>
	(siblings ?? []).every((file) => paths.includes(file.rfilename));

export async function RepoUploadHelp({
	type,
	id,
	siblings,
}: {
	type: RepoType;
	id: string;
	siblings: { rfilename: string }[] | undefined;
}) {
	const namespace = id.split("/")[0];
	const [writable, hubUrl] = await Promise.all([getWritableNamespaces(), publicUrl()]);
	const writer = writable.some((entry) => entry.name === namespace);
	if (writer) {
		const open = holdsOnly(siblings, [".gitattributes", "README.md"]);
		return <UploadPanel type={type} id={id} hubUrl={hubUrl} open={open} />;
	}
	if (!holdsOnly(siblings, [".gitattributes"])) return null;
	return <UploadPanel type={type} id={id} hubUrl={hubUrl} open />;
}
