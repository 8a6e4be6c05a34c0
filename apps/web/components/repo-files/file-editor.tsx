"use client";
/**
 * Creating or editing a text file: a path (for a new file), the code editor, a commit message.
 * Saving commits on the branch with `parentCommit` = the commit the page was opened at, so a
 * commit someone else made meanwhile is a 412: the editor then says so, keeps the text, and
 * offers to load their version or to commit this text on top of theirs.
 */
import { useRouter } from "next/navigation";
import { type FormEvent, useId, useState } from "react";
import { fetchHubFile, hubCall } from "@/lib/hub/browser";
import { type RepoRef, repoApiPath, repoPagePath, resolvePath } from "@/lib/paths";
import { CodeEditor } from "./code-editor";
import { commitLines, textToBase64 } from "./commit-ndjson";
import { LANGUAGE_NAMES, languageOf } from "./editor-language";
import "@/components/snippet/highlight.css";

interface Conflict {
	/** The branch's head now. */
	head: string;
}

export function FileEditor({
	repo,
	revision,
	path: initialPath,
	initialText,
	parentCommit: openedAt,
}: {
	repo: RepoRef;
	revision: string;
	/** Undefined for a new file. */
	path?: string;
	initialText: string;
	parentCommit: string;
}) {
	const router = useRouter();
	const pathId = useId();
	const messageId = useId();
	const creating = initialPath === undefined;
	const [path, setPath] = useState(initialPath ?? "");
	const [text, setText] = useState(initialText);
	const [summary, setSummary] = useState("");
	const [parentCommit, setParentCommit] = useState(openedAt);
	const [busy, setBusy] = useState(false);
	const [error, setError] = useState<string>();
	const [conflict, setConflict] = useState<Conflict>();
	const [notice, setNotice] = useState<string>();
	const language = languageOf(path);
	const cleanPath = path.trim().replace(/^\/+/, "");
	const defaultSummary = creating ? `Create ${cleanPath || "a file"}` : `Update ${cleanPath}`;
	const filesPage = `${repoPagePath(repo.type, repo.id)}/tree/${encodeURIComponent(revision)}`;

	const save = async (event: FormEvent) => {
		event.preventDefault();
		if (!cleanPath) {
			setError("Name the file, e.g. notes/README.md.");
			return;
		}
		setBusy(true);
		setError(undefined);
		setNotice(undefined);
		const result = await commitLines(
			repo,
			[{ key: "file", value: { path: cleanPath, content: textToBase64(text), encoding: "base64" } }],
			{ summary: summary.trim() || defaultSummary, parentCommit },
			revision,
		);
		if (result.ok) {
			router.push(filesPage);
			router.refresh();
			return;
		}
		setBusy(false);
		if (!result.conflict) {
			setError(result.message);
			return;
		}
		const head = await hubCall<{ id: string }[]>(
			`${repoApiPath(repo.type, repo.id)}/commits/${encodeURIComponent(revision)}?limit=1`,
		);
		setConflict({ head: head.ok ? (head.data[0]?.id ?? parentCommit) : parentCommit });
	};

	/** Their version replaces the text in the editor: the person chose to drop theirs. */
	const loadTheirs = async () => {
		if (!conflict) return;
		setBusy(true);
		const response = await fetchHubFile(resolvePath(repo, conflict.head, cleanPath));
		setBusy(false);
		if (response.ok) setText(await response.text());
		else if (response.status === 404) setText("");
		else {
			setError(`Could not load the latest version: the hub answered ${response.status}.`);
			return;
		}
		setParentCommit(conflict.head);
		setConflict(undefined);
		setNotice("Loaded the latest version of the file. Your text was replaced.");
	};

	const keepMine = () => {
		if (!conflict) return;
		setParentCommit(conflict.head);
		setConflict(undefined);
		setNotice("Your text is kept; saving now commits it on top of the latest commit.");
	};

	return (
		<form className="file-editor" onSubmit={save} aria-label={creating ? "Create a file" : `Edit ${cleanPath}`}>
			{creating ? (
				<div className="field">
					<label htmlFor={pathId}>File path</label>
					<input
						id={pathId}
						value={path}
						onChange={(event) => setPath(event.target.value)}
						placeholder="notes/README.md"
						required
						autoComplete="off"
					/>
				</div>
			) : null}
			<p className="muted small">{language ? `${LANGUAGE_NAMES[language]} · highlighted` : "Plain text"}</p>
			<CodeEditor
				value={text}
				onChange={setText}
				language={language}
				label={`Content of ${cleanPath || "the new file"}`}
			/>
			<div className="field">
				<label htmlFor={messageId}>Commit message</label>
				<input
					id={messageId}
					value={summary}
					placeholder={defaultSummary}
					onChange={(event) => setSummary(event.target.value)}
					maxLength={200}
				/>
			</div>
			{conflict ? (
				<div className="conflict" role="alert">
					<p>
						<strong>Someone else committed to this branch since you opened the file.</strong> Your text is kept here.
					</p>
					<div className="form-actions">
						<button type="button" className="button button-small" onClick={() => void loadTheirs()} disabled={busy}>
							Reload the latest version
						</button>
						<button type="button" className="button button-small" onClick={keepMine} disabled={busy}>
							Keep my text
						</button>
					</div>
				</div>
			) : null}
			<div role="status" aria-live="polite">
				{notice ? <p className="muted small">{notice}</p> : null}
			</div>
			<div role="alert">{error ? <p className="form-error">{error}</p> : null}</div>
			<div className="form-actions">
				<button type="submit" className="button button-primary" disabled={busy || conflict !== undefined}>
					{creating ? "Commit new file" : "Commit changes"} to {revision}
				</button>
				<a className="button" href={filesPage}>
					Cancel
				</a>
			</div>
		</form>
	);
}
