"use client";
/**
 * A row's destructive action, asked twice: the button ("Revoke"), then the question with
 * "Yes, revoke" and "Cancel" in its place. Tokens, OAuth apps and organisation members use it.
 */
import { useState } from "react";

export function ConfirmAction({
	verb,
	subject,
	question,
	onConfirm,
}: {
	/** The button's word: "Revoke", "Delete", "Remove". */
	verb: string;
	/** What it acts on, for the button's accessible name ("Revoke my-token"). */
	subject: string;
	/** Shown while asking: "Revoke “my-token”?". */
	question: string;
	onConfirm(): void;
}) {
	const [asking, setAsking] = useState(false);
	if (!asking) {
		return (
			<button
				type="button"
				className="button button-small"
				aria-label={`${verb} ${subject}`}
				onClick={() => setAsking(true)}
			>
				{verb}
			</button>
		);
	}
	return (
		<div className="row-actions">
			<span>{question}</span>
			<button
				type="button"
				className="button button-small button-danger"
				onClick={() => {
					setAsking(false);
					onConfirm();
				}}
			>
				Yes, {verb.toLowerCase()}
			</button>
			<button type="button" className="button button-small" onClick={() => setAsking(false)}>
				Cancel
			</button>
		</div>
	);
}
