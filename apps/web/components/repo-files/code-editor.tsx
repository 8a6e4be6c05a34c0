"use client";
/**
 * A code editor light enough to load on use: a textarea (so typing, selection, undo, the keyboard
 * and screen readers all work as they do in any text field) over a highlighted copy of its text
 * in the same font and place. The textarea's text is transparent; the copy shows through it.
 * Tab inserts a tab; Escape then Tab leaves the field, as people expect from code editors.
 */
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import type { EditorLanguage, Token } from "./code-highlight";

export function CodeEditor({
	value,
	onChange,
	language,
	label,
}: {
	value: string;
	onChange: (value: string) => void;
	language?: EditorLanguage;
	label: string;
}) {
	const [lines, setLines] = useState<Token[][]>();
	const tabMovesFocus = useRef(false);

	useEffect(() => {
		if (!language) {
			setLines(undefined);
			return;
		}
		let current = true;
		void import("./code-highlight")
			.then(({ tokenize }) => tokenize(value, language))
			.then((tokens) => {
				if (current) setLines(tokens);
			});
		return () => {
			current = false;
		};
	}, [value, language]);

	const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
		if (event.key === "Escape") {
			tabMovesFocus.current = true;
			return;
		}
		if (event.key !== "Tab" || event.shiftKey || tabMovesFocus.current) {
			tabMovesFocus.current = false;
			return;
		}
		event.preventDefault();
		const area = event.currentTarget;
		const { selectionStart, selectionEnd } = area;
		onChange(`${value.slice(0, selectionStart)}\t${value.slice(selectionEnd)}`);
		requestAnimationFrame(() => area.setSelectionRange(selectionStart + 1, selectionStart + 1));
	};

	// The copy follows the text exactly; a trailing newline needs a line of its own to keep heights equal.
	const shown = lines && lines.map((line) => line.map((token) => token.text).join("")).join("\n") === value;
	return (
		<div className="code-editor" data-language={language ?? "text"} data-highlighted={shown ? "true" : "false"}>
			<pre aria-hidden="true">
				{shown
					? lines.map((line, index) => (
							// biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their place
							<span key={index}>
								{line.map((token, tokenIndex) =>
									token.className ? (
										// biome-ignore lint/suspicious/noArrayIndexKey: tokens have no identity but their place
										<span key={tokenIndex} className={token.className}>
											{token.text}
										</span>
									) : (
										token.text
									),
								)}
								{"\n"}
							</span>
						))
					: `${value}\n`}
			</pre>
			<textarea
				aria-label={label}
				value={value}
				wrap="off"
				spellCheck={false}
				autoCapitalize="off"
				autoComplete="off"
				autoCorrect="off"
				onChange={(event) => onChange(event.target.value)}
				onKeyDown={onKeyDown}
			/>
		</div>
	);
}
