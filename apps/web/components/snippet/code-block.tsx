"use client";
/**
 * A generous, copyable code block, syntax-highlighted when the server sent the
 * HTML for it (highlight.ts, through HighlightedCode); the copy is always the plain code.
 */
import { CopyButton } from "../ui/copy-button";
import { useHighlightedHtml } from "./highlighted-code";

interface CodeBlockProps {
	code: string;
	/** Shown above the code: "Install", a snippet title, a client name. */
	title?: string;
	language?: string;
}

export function CodeBlock({ code, title, language }: CodeBlockProps) {
	const html = useHighlightedHtml(code);
	return (
		<div className="code-block">
			<div className="code-block-head">
				<span className="code-block-title">{title ?? language ?? "Code"}</span>
				<CopyButton text={code} label={title ? `Copy: ${title}` : "Copy code"} />
			</div>
			{/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling code block must be reachable by keyboard to scroll it. */}
			<pre tabIndex={0}>
				{html ? (
					// biome-ignore lint/security/noDangerouslySetInnerHtml: our highlighter's HTML; every character of the code is escaped there.
					<code data-language={language} dangerouslySetInnerHTML={{ __html: html }} />
				) : (
					<code data-language={language}>{code}</code>
				)}
			</pre>
		</div>
	);
}
