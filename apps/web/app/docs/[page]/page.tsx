import type { Metadata } from "next";
import { notFound } from "next/navigation";
import Markdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { ScrollablePre, ScrollableTable } from "@/components/ui/scroll-region";
import { DOC_PAGES, docMarkdown, isDocPage } from "@/lib/docs";

type Props = { params: Promise<{ page: string }> };

/**
 * Both pages are rendered at build time: the markdown of a long README took 150–300 ms to
 * render on every request (largest paint near 1 s). The web build's stamp covers the README,
 * so `npm start` rebuilds when it changes.
 */
export const dynamicParams = false;
export function generateStaticParams(): { page: string }[] {
	return Object.keys(DOC_PAGES).map((page) => ({ page }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
	const { page } = await params;
	return isDocPage(page) ? DOC_PAGES[page] : { title: "Page not found" };
}

export default async function DocPage({ params }: Props) {
	const { page } = await params;
	if (!isDocPage(page)) notFound();
	return (
		<div className="page">
			<article className="prose">
				{page === "api" ? <h1>{DOC_PAGES.api.title}</h1> : null}
				<Markdown remarkPlugins={[remarkGfm]} skipHtml components={{ pre: ScrollablePre, table: ScrollableTable }}>
					{await docMarkdown(page)}
				</Markdown>
			</article>
		</div>
	);
}
