"use client";
/**
 * A modal dialog opened by its own button. The native <dialog> shown with
 * showModal(): the browser makes the page behind it inert (focus stays inside)
 * and closes it on Escape; focus then goes back to the button. A press on the
 * backdrop or the close button closes it too. The content is mounted only while
 * it is open, so a closed one adds nothing to the page a reader or a test walks.
 */
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import "./modal-dialog.css";

interface ModalDialogProps {
	/** The dialog's heading, which also names it for screen readers. */
	title: string;
	/** What the opening button shows (its text names it). */
	trigger: ReactNode;
	children: ReactNode;
}

export function ModalDialog({ title, trigger, children }: ModalDialogProps) {
	const [open, setOpen] = useState(false);
	const dialogRef = useRef<HTMLDialogElement>(null);
	const buttonRef = useRef<HTMLButtonElement>(null);
	const titleId = useId();

	// Shown once its content is in the page, so the browser can focus the first control inside.
	useEffect(() => {
		const dialog = dialogRef.current;
		if (open && dialog && !dialog.open) dialog.showModal();
	}, [open]);

	return (
		<>
			<button
				ref={buttonRef}
				type="button"
				className="button"
				aria-haspopup="dialog"
				aria-expanded={open}
				onClick={() => setOpen(true)}
			>
				{trigger}
			</button>
			{/* biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop only; Escape is its keyboard way out. */}
			<dialog
				ref={dialogRef}
				className="modal-dialog"
				aria-labelledby={titleId}
				onClose={() => {
					setOpen(false);
					// Not every browser focuses a button on a click: give focus back explicitly.
					buttonRef.current?.focus();
				}}
				onClick={(event) => {
					// The dialog's own box is covered by its frame: a click landing on the dialog itself is on the backdrop.
					if (event.target === event.currentTarget) event.currentTarget.close();
				}}
			>
				{open ? (
					<div className="modal-dialog-frame">
						<div className="modal-dialog-head">
							<h2 id={titleId}>{title}</h2>
							<button
								type="button"
								className="icon-button"
								aria-label="Close"
								onClick={() => dialogRef.current?.close()}
							>
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
						<div className="modal-dialog-body">{children}</div>
					</div>
				) : null}
			</dialog>
		</>
	);
}
