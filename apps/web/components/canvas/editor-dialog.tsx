"use client";
/**
 * The canvas editor in a modal dialog (ui/modal-dialog.tsx: focus stays inside,
 * Escape closes it). The editor itself is fetched only when the dialog first opens.
 */
import dynamic from "next/dynamic";
import { Dialog } from "../ui/modal-dialog";
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
	return (
		<Dialog
			open={source !== null}
			onClose={onClose}
			title="Edit the picture"
			closeLabel="Close the editor"
			className="canvas-dialog"
		>
			{source ? <CanvasEditor source={source} onDone={onDone} onCancel={onClose} /> : null}
		</Dialog>
	);
}
