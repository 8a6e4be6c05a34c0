"use client";
/**
 * The model or dataset card editor for writers: the markdown body beside a live preview
 * (the site's own card renderer, loaded with the editor), and a metadata form whose values
 * become the README's front matter (a dataset's: task categories, license and tags). Saving is one commit of README.md on `main` with
 * the head the editor was opened at as `parentCommit`: if someone committed meanwhile
 * the hub answers 412 and nothing is overwritten.
 */
import { useDeferredValue, useState } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import { buildReadme, type CardMetadata } from "@/lib/card-front-matter";
import { hubCall } from "@/lib/hub/browser";
import { type RepoType, repoApiPath, repoPagePath } from "@/lib/paths";
import { CardMarkdown } from "../model/card-markdown";

export interface Option {
	value: string;
	label: string;
}

/** UTF-8 text as base64, the commit API's encoding for file content. */
function base64Utf8(text: string): string {
	let binary = "";
	for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
	return btoa(binary);
}

const splitList = (value: string, separator: RegExp) =>
	value
		.split(separator)
		.map((item) => item.trim())
		.filter(Boolean);

export function CardEditor({
	repoType,
	repoId,
	parentCommit,
	frontMatter,
	body: initialBody,
	metadata: initial,
	tasks,
	libraries,
}: {
	repoType: RepoType;
	repoId: string;
	parentCommit: string | undefined;
	/** The existing front matter; keys the form does not own are kept as they are. */
	frontMatter: string | undefined;
	body: string;
	metadata: CardMetadata;
	tasks: Option[];
	/** A model's libraries; a dataset has none. */
	libraries?: Option[];
}) {
	const isDataset = repoType === "dataset";
	const defaultSummary = isDataset ? "Update dataset card" : "Update model card";
	const hydrated = useHydrated();
	const [body, setBody] = useState(initialBody);
	const preview = useDeferredValue(body);
	const [summary, setSummary] = useState(defaultSummary);
	const [busy, setBusy] = useState(false);
	const [error, setError] = useState<string>();

	const save = async (event: React.FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		const form = new FormData(event.currentTarget);
		const field = (name: string) => String(form.get(name) ?? "");
		const metadata: CardMetadata = isDataset
			? {
					task_categories: form.getAll("task_categories").map(String),
					license: field("license"),
					tags: splitList(field("tags"), /,/),
				}
			: {
					pipeline_tag: field("pipeline_tag"),
					library_name: field("library_name"),
					license: field("license"),
					tags: splitList(field("tags"), /,/),
					base_model: field("base_model"),
					widget: splitList(field("widget"), /\r?\n/),
				};
		const readme = buildReadme(frontMatter, metadata, body);
		const lines = [
			{
				key: "header",
				value: { summary: summary.trim() || defaultSummary, ...(parentCommit ? { parentCommit } : {}) },
			},
			{ key: "file", value: { path: "README.md", encoding: "base64", content: base64Utf8(readme) } },
		];
		setBusy(true);
		setError(undefined);
		const result = await hubCall(`${repoApiPath(repoType, repoId)}/commit/main`, {
			method: "POST",
			body: new Blob([lines.map((line) => JSON.stringify(line)).join("\n")]),
			contentType: "application/x-ndjson",
		});
		if (!result.ok) {
			setBusy(false);
			setError(
				result.status === 412
					? "Someone else committed to this repository since you opened the editor. Copy your changes, reload the page and apply them again."
					: result.message,
			);
			return;
		}
		// A full load: the header's badges, the card and its record all come from the new commit.
		window.location.assign(repoPagePath(repoType, repoId));
	};

	return (
		<form className="card-editor stack" onSubmit={save} data-testid="card-editor">
			<fieldset className="fieldset card-metadata">
				<legend className="field-label">Metadata</legend>
				{isDataset ? (
					<div className="field">
						<label htmlFor="card-task">Task categories</label>
						<select
							id="card-task"
							name="task_categories"
							multiple
							size={6}
							defaultValue={initial.task_categories ?? []}
							aria-describedby="card-task-hint"
						>
							{tasks.map((task) => (
								<option key={task.value} value={task.value}>
									{task.label}
								</option>
							))}
						</select>
						<span className="field-hint" id="card-task-hint">
							Hold Ctrl (or ⌘) to choose more than one.
						</span>
					</div>
				) : (
					<div className="field">
						<label htmlFor="card-task">Task</label>
						<select id="card-task" name="pipeline_tag" defaultValue={initial.pipeline_tag}>
							<option value="">None</option>
							{tasks.map((task) => (
								<option key={task.value} value={task.value}>
									{task.label}
								</option>
							))}
						</select>
					</div>
				)}
				{isDataset ? null : (
					<div className="field">
						<label htmlFor="card-library">Library</label>
						<select id="card-library" name="library_name" defaultValue={initial.library_name}>
							<option value="">None</option>
							{(libraries ?? []).map((library) => (
								<option key={library.value} value={library.value}>
									{library.label}
								</option>
							))}
						</select>
					</div>
				)}
				<div className="field">
					<label htmlFor="card-license">License</label>
					<input
						id="card-license"
						name="license"
						defaultValue={initial.license}
						list="card-licenses"
						aria-describedby="card-license-hint"
					/>
					<datalist id="card-licenses">
						{["apache-2.0", "mit", "cc-by-4.0", "cc-by-sa-4.0", "bsd-3-clause", "gpl-3.0", "openrail", "other"].map(
							(license) => (
								<option key={license} value={license} />
							),
						)}
					</datalist>
					<span className="field-hint" id="card-license-hint">
						An SPDX-style id such as apache-2.0 or mit.
					</span>
				</div>
				<div className="field">
					<label htmlFor="card-tags">Tags</label>
					<input id="card-tags" name="tags" defaultValue={initial.tags.join(", ")} aria-describedby="card-tags-hint" />
					<span className="field-hint" id="card-tags-hint">
						Separated by commas.
					</span>
				</div>
				{isDataset ? null : (
					<>
						<div className="field">
							<label htmlFor="card-base-model">Base model</label>
							<input
								id="card-base-model"
								name="base_model"
								defaultValue={initial.base_model}
								placeholder="owner/name"
							/>
						</div>
						<div className="field">
							<label htmlFor="card-widget">Widget examples</label>
							<textarea
								id="card-widget"
								name="widget"
								rows={3}
								defaultValue={(initial.widget ?? []).join("\n")}
								aria-describedby="card-widget-hint"
							/>
							<span className="field-hint" id="card-widget-hint">
								One example input per line; the page's widget offers them.
							</span>
						</div>
					</>
				)}
			</fieldset>
			<div className="card-editor-panes">
				<div className="field">
					<label htmlFor="card-body">Card (markdown)</label>
					<textarea
						id="card-body"
						className="card-editor-text"
						value={body}
						onChange={(event) => setBody(event.target.value)}
						rows={24}
						spellCheck
					/>
				</div>
				{/* biome-ignore lint/a11y/noNoninteractiveTabindex: the preview scrolls, so the keyboard must reach it. */}
				<section className="card-editor-preview" aria-label="Preview" tabIndex={0}>
					<h2 className="field-label">Preview</h2>
					{/* The renderer resolves relative images under this path: `{id}` or `datasets/{id}`. */}
					<CardMarkdown markdown={preview} modelId={repoType === "dataset" ? `datasets/${repoId}` : repoId} />
				</section>
			</div>
			<div className="field">
				<label htmlFor="card-summary">Commit message</label>
				<input id="card-summary" value={summary} onChange={(event) => setSummary(event.target.value)} />
			</div>
			<div role="status" aria-live="polite">
				{error ? <p className="form-error">{error}</p> : null}
			</div>
			<div className="button-row">
				<button type="submit" className="button button-primary" disabled={busy || !hydrated}>
					Save the card
				</button>
				<a className="button" href={repoPagePath(repoType, repoId)}>
					Cancel
				</a>
			</div>
		</form>
	);
}
