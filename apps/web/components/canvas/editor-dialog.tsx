"use client";
/**
 * The canvas editor in a modal dialog (the native <dialog>: focus stays inside,
 * Escape closes it, focus goes back to the button that opened it). The editor
 * itself is fetched only when the dialog first opens.
 */
import dynamic from "next/dynamic";
import { useEffect, useId, useRef } from "react";
import type { EditedPicture } from "./canvas-editor";
import "./canvas.css";

const CanvasEditor = dynamic(() => import("./canvas-editor").then((module) => module.CanvasEditor), {
	ssr: false,
	loading: () => <p className="muted canvas-loading">Loading the editor…</p>,
});

interface EditorDialogProps {
	/** The picture to edit; the dialog is open while this is set. */
	source: Blob | null;
	onDone: (picture: EditedPicture) => void;
	onClose: () => void;
}

export function EditorDialog({ source, onDone, onClose }: EditorDialogProps) {
	const dialog = useRef<HTMLDialogElement>(null);
	const titleId = useId();

	useEffect(() => {
		const element = dialog.current;
		if (!element) return;
		if (source && !element.open) element.showModal();
		if (!source && element.open) element.close();
	}, [source]);

	return (
		<dialog ref={dialog} className="canvas-dialog" aria-labelledby={titleId} onClose={onClose}>
			<div className="canvas-dialog-head">
				<h2 id={titleId}>Edit the picture</h2>
				<button type="button" className="icon-button" aria-label="Close the editor" onClick={onClose}>
					<svg
						viewBox="0 0 24 24"
						width="1em"
						height="1em"
						fill="none"
						stroke="currentColor"
						strokeWidth={2}
						aria-hidden
					>
						<path d="M6 6l12 12M18 6 6 18" />
					</svg>
				</button>
			</div>
			{source ? <CanvasEditor source={source} onDone={onDone} onCancel={onClose} /> : null}
		</dialog>
	);
}
