"use client";
/** Copies text and says so: the label turns to "Copied" and a live region announces it. */
import { useEffect, useState } from "react";
import { CheckIcon, CopyIcon } from "./icons";

async function writeClipboard(text: string): Promise<void> {
	if (navigator.clipboard && window.isSecureContext) {
		await navigator.clipboard.writeText(text);
		return;
	}
	// Plain http on a LAN address is not a secure context: fall back to a hidden selection.
	const area = document.createElement("textarea");
	area.value = text;
	area.setAttribute("readonly", "");
	area.style.position = "fixed";
	area.style.opacity = "0";
	document.body.append(area);
	area.select();
	document.execCommand("copy");
	area.remove();
}

export function CopyButton({ text, label = "Copy" }: { text: string; label?: string }) {
	const [copied, setCopied] = useState(false);
	useEffect(() => {
		if (!copied) return;
		const timer = setTimeout(() => setCopied(false), 2000);
		return () => clearTimeout(timer);
	}, [copied]);

	return (
		<>
			<button
				type="button"
				className="button button-small copy-button"
				aria-label={copied ? "Copied" : label}
				onClick={() => writeClipboard(text).then(() => setCopied(true))}
			>
				{copied ? <CheckIcon /> : <CopyIcon />}
				<span>{copied ? "Copied" : "Copy"}</span>
			</button>
			<span className="sr-only" role="status" aria-live="polite">
				{copied ? "Copied" : ""}
			</span>
		</>
	);
}
