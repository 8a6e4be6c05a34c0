/**
 * A model card (README.md) rendered on the server as GitHub-flavoured markdown
 * (card-markdown.tsx says what is kept and what is cut). Fenced code in a language
 * the highlighter knows is coloured on the server like the inference snippets; its
 * HTML is built from escaped text and our own spans only (highlight.ts).
 */
import type { ReactNode } from "react";
import type { RepoType } from "@/lib/paths";
import { highlightCode } from "../snippet/highlight";
import { CardMarkdown } from "./card-markdown";
import "../snippet/highlight.css";

/** react-markdown's `code`: a fenced block names its language as `language-…`; inline code has none. */
async function CardCode({ className, children }: { className?: string; children?: ReactNode }) {
	const language = /(?:^|\s)language-(\S+)/.exec(className ?? "")?.[1];
	const html = language && typeof children === "string" ? await highlightCode(children, language) : undefined;
	if (html === undefined) return <code className={className}>{children}</code>;
	// biome-ignore lint/security/noDangerouslySetInnerHtml: our highlighter's HTML; every character of the code is escaped there.
	return <code className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

export function ModelCard({
	markdown,
	modelId,
	repoType = "model",
}: {
	markdown: string;
	modelId: string;
	repoType?: RepoType;
}) {
	return <CardMarkdown markdown={markdown} modelId={modelId} repoType={repoType} code={CardCode} />;
}
