import { DEFAULT_DOWNLOAD_QUERY, isModelLibraryKey, MODEL_LIBRARIES } from "@hubkit/tasks";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ModelList } from "@/components/model/model-item";
import { ExternalIcon } from "@/components/ui/icons";
import { Section } from "@/components/ui/section";
import { listModels } from "@/lib/hub/models";

type Props = { params: Promise<{ key: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
	const { key } = await params;
	if (!isModelLibraryKey(key)) return { title: "Library not found" };
	const library = MODEL_LIBRARIES[key];
	return {
		title: library.prettyLabel,
		description: `${library.prettyLabel}: the library, its docs and the models on this hub that use it.`,
	};
}

export default async function LibraryPage({ params }: Props) {
	const { key } = await params;
	if (!isModelLibraryKey(key)) notFound();
	const library = MODEL_LIBRARIES[key];
	const page = await listModels({ library: key, sort: "downloads", limit: 20 });
	return (
		<div className="page">
			<header className="page-header">
				<p className="muted small">Library</p>
				<h1>{library.prettyLabel}</h1>
			</header>
			<dl className="facts">
				<dt>Repository</dt>
				<dd>
					<a href={library.repoUrl} target="_blank" rel="noopener noreferrer">
						{library.repoName} <ExternalIcon />
					</a>
				</dd>
				{library.docsUrl ? (
					<>
						<dt>Documentation</dt>
						<dd>
							<a href={library.docsUrl} target="_blank" rel="noopener noreferrer">
								{new URL(library.docsUrl).host} <ExternalIcon />
							</a>
						</dd>
					</>
				) : null}
				<dt>Model filter</dt>
				<dd>{library.filter ? "Offered on the model list" : "Not offered on the model list"}</dd>
				<dt>Counts a download on</dt>
				<dd>
					<code>{library.countDownloads ?? DEFAULT_DOWNLOAD_QUERY}</code>
				</dd>
			</dl>
			<Section id="models" title="Models using it" aside={<Link href={`/models?library=${key}`}>See all</Link>}>
				{page.models.length > 0 ? (
					<ModelList models={page.models} label={`Models using ${library.prettyLabel}`} />
				) : (
					<p className="muted">No model on this hub uses {library.prettyLabel} yet.</p>
				)}
			</Section>
		</div>
	);
}
