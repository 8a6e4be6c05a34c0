/**
 * How a model card's markdown becomes elements, shared by the page (rendered on the
 * server, with highlighted code) and the card editor's live preview (in the browser):
 * raw HTML is dropped (`skipHtml`), link and image URLs go through react-markdown's
 * scheme filter, the front matter is cut, and images load only from this hub — any
 * other image becomes a link.
 */
import type { ComponentType, ReactNode } from "react";
import type { Components } from "react-markdown";
import Markdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { hubImageSource, stripFrontMatter } from "@/lib/model-card";
import type { RepoType } from "@/lib/paths";
import { ScrollablePre, ScrollableTable } from "../ui/scroll-region";

/** Where relative links are resolved; only its origin matters, and no real link can share it. */
const HUB_BASE = "https://hub.invalid/owner/name";

/**
 * Whether a card's link leads off this hub, as the browser will read it: absolute URLs,
 * protocol-relative ones (`//host`, and `/\host` or `\\host`, which browsers read the same way),
 * other schemes. Only paths on this origin stay unmarked; a link that cannot be parsed counts
 * as leaving.
 */
export function leavesHub(href: string): boolean {
	try {
		return new URL(href, HUB_BASE).origin !== new URL(HUB_BASE).origin;
	} catch {
		return true;
	}
}

type CodeComponent = ComponentType<{ className?: string; children?: ReactNode }>;

function cardComponents(modelId: string, repoType: RepoType, code: CodeComponent | undefined): Components {
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
		table: ScrollableTable,
		...(code ? { code } : {}),
		a: ({ href, children }) => {
			return (
				<a href={href} rel={typeof href === "string" && leavesHub(href) ? "noopener noreferrer nofollow" : undefined}>
					{children}
				</a>
			);
		},
	};
}

/**
 * The card body as an article; `code` replaces the plain code element (the page highlights it).
 * A dataset's card is rendered the same way (`repoType="dataset"`: its images resolve under /datasets/…).
 */
export function CardMarkdown({
	markdown,
	modelId,
	repoType = "model",
	code,
}: {
	markdown: string;
	modelId: string;
	repoType?: RepoType;
	code?: CodeComponent;
}) {
	return (
		<article className="prose" data-testid="model-card">
			<Markdown remarkPlugins={[remarkGfm]} skipHtml components={cardComponents(modelId, repoType, code)}>
				{stripFrontMatter(markdown)}
			</Markdown>
		</article>
	);
}
