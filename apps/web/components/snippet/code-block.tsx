/** A generous, copyable code block. Plain text for now (highlighting comes with Shiki later). */
import { CopyButton } from "../ui/copy-button";

interface CodeBlockProps {
	code: string;
	/** Shown above the code: "Install", a snippet title, a client name. */
	title?: string;
	language?: string;
}

export function CodeBlock({ code, title, language }: CodeBlockProps) {
	return (
		<div className="code-block">
			<div className="code-block-head">
				<span className="code-block-title">{title ?? language ?? "Code"}</span>
				<CopyButton text={code} label={title ? `Copy: ${title}` : "Copy code"} />
			</div>
			{/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling code block must be reachable by keyboard to scroll it. */}
			<pre tabIndex={0}>
				<code data-language={language}>{code}</code>
			</pre>
		</div>
	);
}
