/**
 * A model card (README.md) rendered on the server as GitHub-flavoured markdown.
 * Cards are written by anyone, so: raw HTML is dropped (never parsed into the
 * page), link and image URLs go through react-markdown's scheme filter
 * (no `javascript:`), the front matter is cut, and images are only loaded from
 * this hub — any other image becomes a link. Fenced code in a language the
 * highlighter knows is coloured on the server like the inference snippets; its
 * HTML is built from escaped text and our own spans only (highlight.ts).
 */
import type { ReactNode } from "react";
import type { Components } from "react-markdown";
import Markdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { hubImageSource, stripFrontMatter } from "@/lib/model-card";
import type { RepoType } from "@/lib/repos";
import { highlightCode } from "../snippet/highlight";
import { ScrollablePre } from "../ui/scroll-region";
import "../snippet/highlight.css";

/** react-markdown's `code`: a fenced block names its language as `language-…`; inline code has none. */
async function CardCode({ className, children }: { className?: string; children?: ReactNode }) {
	const language = /(?:^|\s)language-(\S+)/.exec(className ?? "")?.[1];
	const html = language && typeof children === "string" ? await highlightCode(children, language) : undefined;
	if (html === undefined) return <code className={className}>{children}</code>;
	// biome-ignore lint/security/noDangerouslySetInnerHtml: our highlighter's HTML; every character of the code is escaped there.
	return <code className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

function components(modelId: string, repoType: RepoType): Components {
	return {
		img: ({ src, alt }) => {
			const source = typeof src === "string" ? hubImageSource(src, modelId, repoType) : undefined;
			if (!source) {
				return typeof src === "string" && src ? (
					<a href={src} rel="noopener noreferrer nofollow" className="external-image">
						Image: {alt || src}
					</a>
				) : null;
			}
			// biome-ignore lint/performance/noImgElement: card images have unknown sizes; next/image needs them.
			return <img src={source} alt={alt ?? ""} loading="lazy" />;
		},
		pre: ScrollablePre,
		code: CardCode,
		a: ({ href, children }) => {
			const external = typeof href === "string" && /^https?:\/\//.test(href);
			return (
				<a href={href} rel={external ? "noopener noreferrer nofollow" : undefined}>
					{children}
				</a>
			);
		},
	};
}

/** A dataset's card is rendered the same way (`repoType="dataset"`: its images resolve under /datasets/…). */
export function ModelCard({
	markdown,
	modelId,
	repoType = "model",
}: {
	markdown: string;
	modelId: string;
	repoType?: RepoType;
}) {
	return (
		<article className="prose" data-testid="model-card">
			<Markdown remarkPlugins={[remarkGfm]} skipHtml components={components(modelId, repoType)}>
				{stripFrontMatter(markdown)}
			</Markdown>
		</article>
	);
}
