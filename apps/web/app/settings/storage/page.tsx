import type { Metadata } from "next";
import { formatBytes } from "@/lib/format";
import { readAsVisitor } from "@/lib/hub/fetch";
import { requireSessionUser } from "@/lib/hub/users";

export const metadata: Metadata = {
	title: "Storage",
	description: "How much storage your repositories and your organizations' use, and the hub's limit.",
};

interface StorageUse {
	name: string;
	usedBytes: number;
	quotaBytes: number | null;
}

/** The hub counts every distinct file of a namespace's repositories, history included, plus uploads not committed yet. */
export default async function StorageSettingsPage() {
	await requireSessionUser("/settings/storage");
	const storage = await readAsVisitor<StorageUse & { organizations: StorageUse[] }>("/api/settings/storage");
	const rows = storage ? [storage, ...storage.organizations] : [];
	return (
		<>
			<h1>Storage</h1>
			<p className="muted">
				Every distinct file of a namespace&apos;s repositories counts once, history included, and so do uploads not
				committed yet. Deleting files or repositories frees the space.
			</p>
			<div className="table-scroll">
				<table className="table" data-testid="storage-use">
					<thead>
						<tr>
							<th scope="col">Namespace</th>
							<th scope="col">Used</th>
							<th scope="col">Limit</th>
						</tr>
					</thead>
					<tbody>
						{rows.map((row) => (
							<tr key={row.name}>
								<td>{row.name}</td>
								<td>{formatBytes(row.usedBytes)}</td>
								<td>{row.quotaBytes === null ? "No limit" : formatBytes(row.quotaBytes)}</td>
							</tr>
						))}
					</tbody>
				</table>
			</div>
		</>
	);
}
