/**
 * "How to upload": shown open on an empty repository, and folded on any other one
 * to the people who may write to it. Each way names this hub's URL and the
 * repository id (lib/upload-snippets.ts); the code is highlighted on the server.
 */
import Link from "next/link";
import { type RepoType, repoPagePath } from "@/lib/paths";
import { uploadWays } from "@/lib/upload-snippets";
import { CodeBlock } from "../snippet/code-block";
import { highlightAll } from "../snippet/highlight";
import { HighlightedCode } from "../snippet/highlighted-code";

export async function UploadPanel({
	type,
	id,
	hubUrl,
	open,
}: {
	type: RepoType;
	id: string;
	hubUrl: string;
	open: boolean;
}) {
	const ways = uploadWays(type, id, hubUrl);
	const highlighted = await highlightAll(ways);
	const body = (
		<HighlightedCode blocks={highlighted}>
			<p className="muted">
				Files go to the <code>main</code> branch of <strong>{id}</strong> on this hub, <code>{hubUrl}</code>.
			</p>
			{ways.map((way) => (
				<div key={way.key} className="upload-way" data-testid={`upload-way-${way.key}`}>
					<h3>{way.title}</h3>
					{way.key === "web" ? (
						<p>
							Open the <Link href={`${repoPagePath(type, id)}/tree/main`}>Files tab</Link> and add files there.
						</p>
					) : (
						<p className="muted small">{way.intro}</p>
					)}
					{way.snippets.map((snippet) => (
						<CodeBlock key={snippet.title} code={snippet.content} title={snippet.title} language={snippet.language} />
					))}
				</div>
			))}
		</HighlightedCode>
	);
	if (open) {
		return (
			<section className="section upload-panel" aria-labelledby="upload-title" data-testid="upload-panel">
				<h2 id="upload-title">How to upload</h2>
				{body}
			</section>
		);
	}
	return (
		<details className="upload-panel" data-testid="upload-panel">
			<summary>How to upload</summary>
			{body}
		</details>
	);
}
