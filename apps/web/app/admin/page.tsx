/**
 * Administration, for users with the admin right. Anyone else gets the 404 page (a
 * signed-out visitor is sent to sign in first); the hub enforces it again on
 * every `/api/admin/…` call.
 */
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AdminMirrors, type MirrorSummary } from "@/components/account/admin-mirrors";
import { AdminNamespaces, type NamespaceConflict } from "@/components/account/admin-namespaces";
import { type AdminUser, AdminUsers } from "@/components/account/admin-users";
import "@/components/account/account.css";
import { readAsVisitor } from "@/lib/hub/fetch";
import { requireSessionUser } from "@/lib/hub/users";

export const metadata: Metadata = {
	title: "Administration",
	description:
		"Manage this hub's users (search, disable or enable, make admin, reset a password), contested names and mirrors.",
};

export default async function AdminPage() {
	const user = await requireSessionUser("/admin");
	// Answered as missing (status 404), the way the hub hides what a visitor may not see.
	if (!user.isAdmin) notFound();
	const users = (await readAsVisitor<AdminUser[]>("/api/admin/users?limit=100")) ?? [];
	const conflicts = (await readAsVisitor<NamespaceConflict[]>("/api/admin/namespaces")) ?? [];
	const mirrors = (await readAsVisitor<MirrorSummary[]>("/api/admin/mirrors")) ?? [];
	return (
		<div className="page">
			<header className="page-header">
				<h1>Administration</h1>
				<p className="muted">Disabling a user or setting their password ends their sessions.</p>
			</header>
			<AdminUsers initial={users} me={user.name} />
			<AdminNamespaces initial={conflicts} />
			<AdminMirrors initial={mirrors} />
		</div>
	);
}
