"use client";
/**
 * The one upload area for image inputs (and, with AUDIO_UPLOAD, recordings):
 * click to choose, drop a file on it, or paste one (anywhere on the page while
 * no text field has focus). Files are checked against lib/upload-config.ts and
 * turned away with a message that says why; an accepted file goes to `onAccept`.
 */
import { type DragEvent, type ClipboardEvent as ReactClipboardEvent, useEffect, useId, useRef, useState } from "react";
import { formatBytes, IMAGE_UPLOAD, type UploadLimits } from "@/lib/upload-config";
import type { CheckedFile, Rejection } from "./check-files";
import "./upload.css";

interface UploadAreaProps {
	onAccept: (accepted: CheckedFile) => void;
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

export function UploadArea({ onAccept, limits = IMAGE_UPLOAD, prompt, disabled }: UploadAreaProps) {
	const inputId = useId();
	const [dragging, setDragging] = useState(false);
	const [rejections, setRejections] = useState<Rejection[]>([]);
	const hintId = useId();
	// The latest handler, for the window's paste listener that is added once.
	const accept = useRef(onAccept);
	accept.current = onAccept;

	const offer = async (files: File[]) => {
		if (disabled || files.length === 0) return;
		// The checks (and the image decoding they need) are fetched with the first file offered.
		const { checkFiles } = await import("./check-files");
		const result = await checkFiles(files, limits);
		if (result.ok) {
			setRejections([]);
			accept.current(result.accepted);
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
		void offer([...event.dataTransfer.files]);
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
				<UploadIcon recording={limits.noun === "recording"} />
				<span className="upload-prompt">{prompt ?? `Drop a ${limits.noun} here`}</span>
				<span className="upload-hint small muted" id={hintId}>
					Click to choose, drop or paste a {limits.noun}: {limits.acceptedLabel}, up to {formatBytes(limits.maxBytes)}.
				</span>
				<input
					id={inputId}
					type="file"
					className="upload-input"
					aria-label={`Choose a ${limits.noun}`}
					aria-describedby={hintId}
					accept={limits.acceptedTypes.join(",")}
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
			{rejections.length > 0 ? (
				// The alert wraps the list: a role on the list itself would take away its list semantics.
				<div role="alert" className="upload-rejections">
					<ul>
						{rejections.map((rejection) => (
							<li key={`${rejection.code}-${rejection.name ?? ""}`} data-code={rejection.code}>
								{rejection.message}
							</li>
						))}
					</ul>
				</div>
			) : null}
		</div>
	);
}

function UploadIcon({ recording }: { recording: boolean }) {
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
			{recording ? (
				<path d="M3 12h2M7 8v8M11 4v16M15 7v10M19 10v4M21 12h0" />
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
