"use client";
/**
 * Deleting a file or a folder from the Files tab: asked twice (ConfirmAction), then one commit
 * (`deletedFile` or `deletedFolder`) on the branch shown; the tree is read again afterwards.
 */
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ConfirmAction } from "@/components/account/confirm-action";
import type { RepoRef } from "@/lib/paths";
import { commitLines } from "./commit-ndjson";

export function DeleteEntry({
	repo,
	path,
	kind,
	revision,
}: {
	repo: RepoRef;
	path: string;
	kind: "file" | "directory";
	revision: string;
}) {
	const router = useRouter();
	const [state, setState] = useState<{ busy: boolean; error?: string }>({ busy: false });
	const folder = kind === "directory";

	const remove = async () => {
		setState({ busy: true });
		const result = await commitLines(
			repo,
			[{ key: folder ? "deletedFolder" : "deletedFile", value: { path } }],
			{
				summary: `Delete ${path}${folder ? "/" : ""}`,
			},
			revision,
		);
		if (!result.ok) {
			setState({ busy: false, error: `Could not delete ${path}: ${result.message}` });
			return;
		}
		setState({ busy: false });
		router.refresh();
	};

	if (state.busy)
		return (
			<span className="muted small" role="status">
				Deleting…
			</span>
		);
	return (
		<>
			<ConfirmAction
				verb="Delete"
				subject={path}
				question={folder ? `Delete the folder “${path}” and everything in it?` : `Delete “${path}”?`}
				onConfirm={() => void remove()}
			/>
			{state.error ? (
				<span role="alert" className="form-error small">
					{state.error}
				</span>
			) : null}
		</>
	);
}
