"use client";
/**
 * A non-modal popover (a labelled dialog) opened by its button: Enter or Space
 * (the button's own keys) opens it and moves focus to its first control; Escape
 * closes it and gives focus back to the button; a click or focus outside closes
 * it. It opens below the button, its right edge on the button's, or above it when
 * only that side has room (a button low on a phone's screen), and stays whole
 * inside the window, 8 px from its edges, scrolling inside itself when neither
 * side holds it. Written here rather than taken from a primitives library:
 * this much behaviour is small, and it kept a model page's first-load
 * JavaScript within its budget (bench/README.md).
 */
import {
	type CSSProperties,
	cloneElement,
	type ReactElement,
	type ReactNode,
	type RefObject,
	useCallback,
	useEffect,
	useId,
	useLayoutEffect,
	useRef,
	useState,
} from "react";
import { createPortal } from "react-dom";

interface PopoverProps {
	/** The button that opens it. */
	trigger: ReactElement<{ onClick?: () => void; ref?: RefObject<HTMLButtonElement | null> }>;
	/** Names the dialog for screen readers. */
	label: string;
	children: ReactNode;
}

const GAP = 8;
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex="0"], summary';

/** Hidden until placed: the first paint must not show it at the page's corner. */
const UNPLACED: CSSProperties = { position: "absolute", top: 0, left: 0, visibility: "hidden" };

/** Below this height a side is too cramped to scroll in: the popover covers the button instead. */
const MIN_HEIGHT = 240;

/**
 * Places `content` by its button (page coordinates) so that all of it is in the window: below
 * when it fits there, else above; when neither side holds it, on the roomier side, as tall as
 * that side allows, or over the button when both sides are cramped. Then shows it.
 */
function place(trigger: HTMLElement, content: HTMLElement) {
	// The document element's client box is the window less its scroll bars.
	const { clientWidth: viewWidth, clientHeight: viewHeight } = document.documentElement;
	content.style.maxWidth = `${viewWidth - 2 * GAP}px`;
	content.style.maxHeight = "";
	const anchor = trigger.getBoundingClientRect();
	const below = viewHeight - anchor.bottom - 2 * GAP;
	const above = anchor.top - 2 * GAP;
	const styled = Number.parseFloat(getComputedStyle(content).maxHeight) || Number.POSITIVE_INFINITY;
	const height = Math.min(content.offsetHeight, viewHeight - 2 * GAP);
	// Below, it may grow (another tab) as far as the room there; placed above, its height is fixed.
	let top: number;
	let limit: number;
	if (height <= below) [top, limit] = [anchor.bottom + GAP, below];
	else if (height <= above) [top, limit] = [anchor.top - GAP - height, height];
	else if (below >= MIN_HEIGHT && below >= above) [top, limit] = [anchor.bottom + GAP, below];
	else if (above >= MIN_HEIGHT) [top, limit] = [GAP, above];
	else [top, limit] = [viewHeight - GAP - height, height];
	content.style.maxHeight = `${Math.min(limit, styled)}px`;
	const width = content.offsetWidth;
	const left = Math.max(GAP, Math.min(anchor.right - width, viewWidth - width - GAP));
	content.style.top = `${top + window.scrollY}px`;
	content.style.left = `${left + window.scrollX}px`;
	content.style.visibility = "visible";
}

export function Popover({ trigger, label, children }: PopoverProps) {
	const [open, setOpen] = useState(false);
	const triggerRef = useRef<HTMLButtonElement>(null);
	const contentRef = useRef<HTMLDivElement>(null);
	const id = useId();

	const close = useCallback((returnFocus: boolean) => {
		setOpen(false);
		if (returnFocus) triggerRef.current?.focus();
	}, []);

	// Placed before paint (set on the element itself, so it is visible, and focusable, at once),
	// then focus goes to the first control inside.
	useLayoutEffect(() => {
		const content = contentRef.current;
		const button = triggerRef.current;
		if (!open || !content || !button) return;
		const replace = () => place(button, content);
		replace();
		const first = [...content.querySelectorAll<HTMLElement>(FOCUSABLE)].find((element) => element.tabIndex >= 0);
		(first ?? content).focus();
		window.addEventListener("resize", replace);
		return () => window.removeEventListener("resize", replace);
	}, [open]);

	// Escape anywhere closes it and returns focus; a press outside closes it (focus stays where the person clicked).
	useEffect(() => {
		if (!open) return;
		const onKeyDown = (event: KeyboardEvent) => {
			if (event.key === "Escape") close(true);
		};
		const onPointerDown = (event: PointerEvent) => {
			const target = event.target as Node;
			if (!contentRef.current?.contains(target) && !triggerRef.current?.contains(target)) close(false);
		};
		document.addEventListener("keydown", onKeyDown);
		document.addEventListener("pointerdown", onPointerDown);
		return () => {
			document.removeEventListener("keydown", onKeyDown);
			document.removeEventListener("pointerdown", onPointerDown);
		};
	}, [open, close]);

	const button = cloneElement(trigger, {
		ref: triggerRef,
		"aria-haspopup": "dialog",
		"aria-expanded": open,
		"aria-controls": open ? id : undefined,
		onClick: () => (open ? close(false) : setOpen(true)),
	} as Record<string, unknown>);

	return (
		<>
			{button}
			{open
				? createPortal(
						<div
							ref={contentRef}
							id={id}
							role="dialog"
							aria-label={label}
							tabIndex={-1}
							className="popover"
							style={UNPLACED}
							onBlur={(event) => {
								// Focus leaving for anywhere but the button (Tab past the end) closes it.
								const next = event.relatedTarget as Node | null;
								if (next && !event.currentTarget.contains(next) && next !== triggerRef.current) close(false);
							}}
						>
							{children}
						</div>,
						document.body,
					)
				: null}
		</>
	);
}
