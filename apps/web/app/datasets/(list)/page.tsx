import type { Metadata } from "next";
import Link from "next/link";
import { DatasetFilters } from "@/components/dataset/dataset-filters";
import { DatasetList } from "@/components/dataset/dataset-list";
import { EmptyState } from "@/components/ui/empty-state";
import { datasetPagerHrefs, readDatasetsState } from "@/lib/datasets-query";
import { formatTotal } from "@/lib/format";
import { listDatasets } from "@/lib/hub";
import { hubSort } from "@/lib/models-query";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
	const state = readDatasetsState(await searchParams);
	return {
		title: state.search ? `Datasets: “${state.search}”` : "Datasets",
		description: "Search the hub's datasets and sort them by downloads, likes or last change.",
	};
}

export default async function DatasetsPage({ searchParams }: Props) {
	const state = readDatasetsState(await searchParams);
	const page = await listDatasets({ search: state.search, sort: hubSort(state.sort), cursor: state.cursor });
	const { next, previous } = datasetPagerHrefs(state, page.nextCursor);
	const total =
		page.total !== undefined
			? formatTotal(page.total)
			: page.totalAtLeast !== undefined
				? formatTotal(page.totalAtLeast, true)
				: undefined;
	return (
		<div className="page">
			<header className="page-header">
				<h1>
					Datasets
					{total ? (
						<>
							{" "}
							<span className="count" data-testid="datasets-total">
								{total}
							</span>
						</>
					) : null}
				</h1>
			</header>
			<DatasetFilters state={state} />
			{page.datasets.length === 0 ? (
				<EmptyState title="No dataset matches">
					<p>
						Try another name, or <Link href="/datasets">see every dataset</Link>.
					</p>
				</EmptyState>
			) : (
				<DatasetList datasets={page.datasets} label="Datasets" />
			)}
			<nav className="pager" aria-label="Pages">
				{previous !== undefined ? (
					<Link href={previous} className="button" rel="prev">
						← Previous
					</Link>
				) : (
					<span />
				)}
				{next ? (
					<Link href={next} className="button" rel="next">
						Next →
					</Link>
				) : null}
			</nav>
		</div>
	);
}
