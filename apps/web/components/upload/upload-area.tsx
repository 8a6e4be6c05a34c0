"use client";
/**
 * The one upload area for image inputs (and, with AUDIO_UPLOAD, recordings):
 * click to choose, drop a file on it, or paste one (anywhere on the page while
 * no text field has focus). Files are checked against lib/upload-config.ts and
 * turned away with a message that says why; an accepted file goes to `onAccept`.
 * With `onAcceptMany` (a repository's upload) it takes many files of any type, and
 * folders (dropped, or through "choose a folder"), each file with its path inside.
 */
import { type DragEvent, type ClipboardEvent as ReactClipboardEvent, useEffect, useId, useRef, useState } from "react";
import { formatBytes, IMAGE_UPLOAD, type UploadLimits } from "@/lib/upload-config";
import type { CheckedFile, Rejection } from "./check-files";
import "./upload.css";

interface UploadAreaProps {
	onAccept?: (accepted: CheckedFile) => void;
	/** Many files at once: the accepted ones, while the rest are listed with their rejections. */
	onAcceptMany?: (accepted: CheckedFile[]) => void;
	limits?: UploadLimits;
	/** What the area asks for, e.g. "Drop a picture to classify". */
	prompt?: string;
	disabled?: boolean;
}

function isTextField(element: Element | null): boolean {
	if (!element) return false;
	if (element instanceof HTMLTextAreaElement) return true;
	if (element instanceof HTMLInputElement)
		return !["button", "checkbox", "radio", "file", "range"].includes(element.type);
	return element instanceof HTMLElement && element.isContentEditable;
}

/** A dropped folder's files, each with its path from the folder's name down (a dropped file is itself). */
async function filesOfEntry(entry: FileSystemEntry, into: CheckedFile[]): Promise<void> {
	if (entry.isFile) {
		const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
		into.push({ file, path: entry.fullPath.replace(/^\/+/, "") });
		return;
	}
	const reader = (entry as FileSystemDirectoryEntry).createReader();
	// readEntries hands back a directory's entries in batches, until an empty one.
	for (;;) {
		const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
		if (batch.length === 0) return;
		for (const child of batch) await filesOfEntry(child, into);
	}
}

/** What a drop holds: folders walked when the browser offers entries, else the plain file list. */
function droppedFiles(data: DataTransfer): Promise<CheckedFile[]> | CheckedFile[] {
	// Entries must be taken during the event; reading them may finish later.
	const entries = [...data.items]
		.filter((item) => item.kind === "file")
		.map((item) => item.webkitGetAsEntry?.())
		.filter((entry): entry is FileSystemEntry => Boolean(entry));
	if (entries.length === 0 || !entries.some((entry) => entry.isDirectory)) {
		return [...data.files].map((file) => ({ file }));
	}
	return (async () => {
		const files: CheckedFile[] = [];
		for (const entry of entries) await filesOfEntry(entry, files);
		return files;
	})();
}

export function UploadArea({ onAccept, onAcceptMany, limits = IMAGE_UPLOAD, prompt, disabled }: UploadAreaProps) {
	const inputId = useId();
	const folderInputId = useId();
	const many = onAcceptMany !== undefined;
	const [dragging, setDragging] = useState(false);
	const [rejections, setRejections] = useState<Rejection[]>([]);
	const hintId = useId();
	// The latest handler, for the window's paste listener that is added once.
	const accept = useRef(onAccept);
	accept.current = onAccept;
	const acceptMany = useRef(onAcceptMany);
	acceptMany.current = onAcceptMany;

	const offer = async (offered: File[] | CheckedFile[]) => {
		if (disabled || offered.length === 0) return;
		const checked = offered.map((item) => (item instanceof File ? { file: item } : item));
		// The checks (and the image decoding they need) are fetched with the first file offered.
		const { checkFiles, checkManyFiles } = await import("./check-files");
		if (acceptMany.current) {
			const result = checkManyFiles(checked, limits);
			setRejections(result.rejections);
			if (result.accepted.length > 0) acceptMany.current(result.accepted);
			return;
		}
		const result = await checkFiles(
			checked.map((item) => item.file),
			limits,
		);
		if (result.ok) {
			setRejections([]);
			accept.current?.(result.accepted);
		} else {
			setRejections(result.rejections);
		}
	};
	const offerRef = useRef(offer);
	offerRef.current = offer;

	useEffect(() => {
		const onPaste = (event: ClipboardEvent) => {
			if (event.defaultPrevented || isTextField(document.activeElement)) return;
			const files = [...(event.clipboardData?.files ?? [])];
			if (files.length === 0) return;
			event.preventDefault();
			void offerRef.current(files);
		};
		window.addEventListener("paste", onPaste);
		return () => window.removeEventListener("paste", onPaste);
	}, []);

	const onDrop = (event: DragEvent<HTMLLabelElement>) => {
		event.preventDefault();
		setDragging(false);
		if (!many) {
			void offer([...event.dataTransfer.files]);
			return;
		}
		void Promise.resolve(droppedFiles(event.dataTransfer)).then(offer, () =>
			setRejections([{ code: "unreadable", message: "The dropped folder could not be read." }]),
		);
	};
	const onZonePaste = (event: ReactClipboardEvent<HTMLLabelElement>) => {
		const files = [...event.clipboardData.files];
		if (files.length === 0) return;
		event.preventDefault();
		void offer(files);
	};

	return (
		<div className="upload">
			{/* The whole area is the file input's label: a click anywhere opens the picker. */}
			<label
				htmlFor={inputId}
				className={dragging ? "upload-zone upload-zone-active" : "upload-zone"}
				data-testid="upload-zone"
				aria-disabled={disabled || undefined}
				onDragEnter={(event) => {
					event.preventDefault();
					setDragging(true);
				}}
				onDragOver={(event) => {
					event.preventDefault();
					event.dataTransfer.dropEffect = "copy";
				}}
				onDragLeave={(event) => {
					if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
				}}
				onDrop={onDrop}
				onPaste={onZonePaste}
			>
				<UploadIcon noun={limits.noun} />
				<span className="upload-prompt">{prompt ?? `Drop a ${limits.noun} here`}</span>
				<span className="upload-hint small muted" id={hintId}>
					{many
						? `Click to choose, drop or paste files or folders: ${limits.acceptedLabel}, up to ${formatBytes(limits.maxBytes)} each, ${limits.maxFiles} at most.`
						: `Click to choose, drop or paste a ${limits.noun}: ${limits.acceptedLabel}, up to ${formatBytes(limits.maxBytes)}.`}
				</span>
				<input
					id={inputId}
					type="file"
					className="upload-input"
					aria-label={many ? `Choose ${limits.noun}s` : `Choose a ${limits.noun}`}
					aria-describedby={hintId}
					accept={limits.acceptedTypes.length > 0 ? limits.acceptedTypes.join(",") : undefined}
					multiple={limits.maxFiles > 1}
					disabled={disabled}
					onChange={(event) => {
						const files = [...(event.currentTarget.files ?? [])];
						// Reset so choosing the same file again still fires a change.
						event.currentTarget.value = "";
						void offer(files);
					}}
				/>
			</label>
			{many ? (
				<label htmlFor={folderInputId} className="upload-folder small">
					Or choose a folder
					<input
						id={folderInputId}
						type="file"
						className="upload-input"
						disabled={disabled}
						// A folder picker: its files come with `webkitRelativePath` (folder/…/name).
						{...{ webkitdirectory: "" }}
						onChange={(event) => {
							const files = [...(event.currentTarget.files ?? [])].map((file) => ({
								file,
								path: file.webkitRelativePath || file.name,
							}));
							event.currentTarget.value = "";
							void offer(files);
						}}
					/>
				</label>
			) : null}
			{rejections.length > 0 ? (
				// The alert wraps the list: a role on the list itself would take away its list semantics.
				<div role="alert" className="upload-rejections">
					<ul>
						{rejections.map((rejection) => (
							<li key={`${rejection.code}-${rejection.message}`} data-code={rejection.code}>
								{rejection.message}
							</li>
						))}
					</ul>
				</div>
			) : null}
		</div>
	);
}

function UploadIcon({ noun }: { noun: UploadLimits["noun"] }) {
	return (
		<svg
			className="upload-icon"
			viewBox="0 0 24 24"
			width="28"
			height="28"
			fill="none"
			stroke="currentColor"
			strokeWidth={1.75}
			strokeLinecap="round"
			strokeLinejoin="round"
			aria-hidden
		>
			{noun === "recording" ? (
				<path d="M3 12h2M7 8v8M11 4v16M15 7v10M19 10v4M21 12h0" />
			) : noun === "file" ? (
				<path d="M12 15V3m0 0-4.5 4.5M12 3l4.5 4.5M4 14v5a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-5" />
			) : (
				<>
					<rect x="3" y="3" width="18" height="18" rx="3" />
					<circle cx="9" cy="9" r="2" />
					<path d="m21 15-4.5-4.5L7 20" />
				</>
			)}
		</svg>
	);
}
