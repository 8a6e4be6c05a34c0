/**
 * `/new` and `/new-dataset`: signed in only (else to /login and back), with the owners the visitor
 * may create in; a site admin (the session's `isAdmin`, as /admin reads it) may also type another.
 */
import Link from "next/link";
import { getWritableNamespaces, requireSessionUser } from "@/lib/hub/users";
import type { RepoType } from "@/lib/paths";
import { NewRepoForm } from "./new-repo-form";
import "./repo.css";

export async function NewRepoPage({ type }: { type: RepoType }) {
	const here = type === "model" ? "/new" : "/new-dataset";
	const user = await requireSessionUser(here);
	const owners = await getWritableNamespaces();
	const other = type === "model" ? { href: "/new-dataset", label: "a dataset" } : { href: "/new", label: "a model" };
	return (
		<div className="page">
			<header className="page-header">
				<h1>{type === "model" ? "New model" : "New dataset"}</h1>
				<p className="muted new-repo-intro">
					A repository for your {type === "model" ? "model's" : "dataset's"} files on this hub. Or make{" "}
					<Link href={other.href}>{other.label}</Link> instead.
				</p>
			</header>
			<NewRepoForm type={type} owners={owners} anyOwner={user.isAdmin} />
		</div>
	);
}
