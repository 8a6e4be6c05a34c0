/** The repository's files as an indented tree: sizes, an LFS badge, a download link through `resolve`. */
import type { ReactNode } from "react";
import { formatBytes } from "@/lib/format";
import type { TreeEntry } from "@/lib/hub/repos";
import { encodePath, type RepoType, repoPagePath } from "@/lib/paths";
import { Badge } from "../ui/badge";
import { DownloadIcon, FileIcon, FolderIcon } from "../ui/icons";

/** Directories before files at each level, each group by name. */
function treeOrder(entries: TreeEntry[]): TreeEntry[] {
	const key = (entry: TreeEntry) =>
		entry.path
			.split("/")
			.map((part, index, parts) => `${index === parts.length - 1 && entry.type === "file" ? "1" : "0"}${part}`)
			.join("/");
	return [...entries].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** Also a dataset's files (`repoType="dataset"`: downloads under /datasets/…). */
export function FilesTable({
	modelId,
	entries,
	repoType = "model",
	actions,
}: {
	modelId: string;
	entries: TreeEntry[];
	repoType?: RepoType;
	/** Each row's writing actions (edit, delete), for someone who may write. */
	actions?: (entry: TreeEntry) => ReactNode;
}) {
	const total = entries.reduce((sum, entry) => sum + (entry.type === "file" ? entry.size : 0), 0);
	const fileCount = entries.filter((entry) => entry.type === "file").length;
	return (
		<div className="files">
			<p className="muted small">
				{fileCount} {fileCount === 1 ? "file" : "files"} · {formatBytes(total)} on branch main
			</p>
			<table className="table files-table">
				<thead>
					<tr>
						<th scope="col">Name</th>
						<th scope="col" className="numeric">
							Size
						</th>
						<th scope="col">
							<span className="sr-only">Download</span>
						</th>
						{actions ? (
							<th scope="col">
								<span className="sr-only">Actions</span>
							</th>
						) : null}
					</tr>
				</thead>
				<tbody>
					{treeOrder(entries).map((entry) => {
						const depth = entry.path.split("/").length - 1;
						const name = entry.path.split("/").at(-1);
						return (
							<tr key={entry.path}>
								<td>
									<span className="file-name" style={{ paddingInlineStart: `${depth * 1.25}rem` }}>
										{entry.type === "directory" ? <FolderIcon /> : <FileIcon />}
										<span>{name}</span>
										{entry.lfs ? <Badge>LFS</Badge> : null}
									</span>
								</td>
								<td className="numeric muted">{entry.type === "file" ? formatBytes(entry.size) : ""}</td>
								<td>
									{entry.type === "file" ? (
										<a
											className="icon-button"
											href={`${repoPagePath(repoType, modelId)}/resolve/main/${encodePath(entry.path)}`}
											download
											aria-label={`Download ${entry.path}`}
										>
											<DownloadIcon />
										</a>
									) : null}
								</td>
								{actions ? (
									<td>
										<div className="entry-actions">{actions(entry)}</div>
									</td>
								) : null}
							</tr>
						);
					})}
				</tbody>
			</table>
		</div>
	);
}
