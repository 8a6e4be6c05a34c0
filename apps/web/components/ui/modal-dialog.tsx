"use client";
/**
 * Modal dialogs on the native <dialog> shown with showModal(): the browser makes
 * the page behind it inert (focus stays inside) and closes it on Escape. The
 * content is mounted only while it is open, so a closed one adds nothing to the
 * page a reader or a test walks.
 */
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { CloseIcon } from "./icons";
import "./modal-dialog.css";

interface DialogProps {
	/** The dialog is shown while this is true. */
	open: boolean;
	/** Called once it has closed: Escape, the close button, or (when allowed) the backdrop. */
	onClose: () => void;
	/** The dialog's heading, which also names it for screen readers. */
	title: string;
	/** The close button's accessible name. */
	closeLabel?: string;
	/** A class beside `modal-dialog`, for a dialog of another size. */
	className?: string;
	/** A press on the backdrop closes it; off where a drag inside (a drawing) may end outside. */
	closeOnBackdrop?: boolean;
	children: ReactNode;
}

/** A modal dialog opened and closed by its owner. */
export function Dialog({
	open,
	onClose,
	title,
	closeLabel = "Close",
	className,
	closeOnBackdrop = false,
	children,
}: DialogProps) {
	const dialogRef = useRef<HTMLDialogElement>(null);
	const titleId = useId();

	// Shown once its content is in the page, so the browser can focus the first control inside.
	useEffect(() => {
		const dialog = dialogRef.current;
		if (!dialog) return;
		if (open && !dialog.open) dialog.showModal();
		if (!open && dialog.open) dialog.close();
	}, [open]);

	return (
		// biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop only; Escape is its keyboard way out.
		<dialog
			ref={dialogRef}
			className={className ? `modal-dialog ${className}` : "modal-dialog"}
			aria-labelledby={titleId}
			onClose={onClose}
			onClick={(event) => {
				// The dialog's own box is covered by its frame: a click landing on the dialog itself is on the backdrop.
				if (closeOnBackdrop && event.target === event.currentTarget) event.currentTarget.close();
			}}
		>
			{open ? (
				<div className="modal-dialog-frame">
					<div className="modal-dialog-head">
						<h2 id={titleId}>{title}</h2>
						<button
							type="button"
							className="icon-button"
							aria-label={closeLabel}
							onClick={() => dialogRef.current?.close()}
						>
							<CloseIcon />
						</button>
					</div>
					{children}
				</div>
			) : null}
		</dialog>
	);
}

interface ModalDialogProps {
	/** The dialog's heading, which also names it for screen readers. */
	title: string;
	/** What the opening button shows (its text names it). */
	trigger: ReactNode;
	children: ReactNode;
}

/** A modal dialog opened by its own button; focus goes back to that button when it closes. */
export function ModalDialog({ title, trigger, children }: ModalDialogProps) {
	const [open, setOpen] = useState(false);
	const buttonRef = useRef<HTMLButtonElement>(null);

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
			<Dialog
				open={open}
				title={title}
				closeOnBackdrop
				onClose={() => {
					setOpen(false);
					// Not every browser focuses a button on a click: give focus back explicitly.
					buttonRef.current?.focus();
				}}
			>
				<div className="modal-dialog-body">{children}</div>
			</Dialog>
		</>
	);
}
