import type { Metadata } from "next";
import Link from "next/link";
import { DatasetFilters } from "@/components/dataset/dataset-filters";
import { DatasetList } from "@/components/dataset/dataset-list";
import { EmptyState } from "@/components/ui/empty-state";
import { ListingPage } from "@/components/ui/listing-page";
import { datasetPagerHrefs, readDatasetsState } from "@/lib/datasets-query";
import { listDatasets } from "@/lib/hub/datasets";
import { hubSort } from "@/lib/models-query";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
	const state = readDatasetsState(await searchParams);
	return {
		title: state.search ? `Datasets: “${state.search}”` : "Datasets",
		description: "Search the hub's datasets by name and task, and sort them by downloads, likes or last change.",
	};
}

export default async function DatasetsPage({ searchParams }: Props) {
	const state = readDatasetsState(await searchParams);
	const page = await listDatasets({
		search: state.search,
		filter: state.task ? [`task_categories:${state.task}`] : [],
		sort: hubSort(state.sort),
		cursor: state.cursor,
	});
	const { next, previous } = datasetPagerHrefs(state, page.nextCursor);
	return (
		<ListingPage
			title="Datasets"
			countTestId="datasets-total"
			total={page.total}
			totalAtLeast={page.totalAtLeast}
			filters={<DatasetFilters state={state} />}
			results={page.datasets.length > 0 ? <DatasetList datasets={page.datasets} label="Datasets" /> : undefined}
			empty={
				<EmptyState title="No dataset matches">
					<p>
						Try another name, or <Link href="/datasets">see every dataset</Link>.
					</p>
				</EmptyState>
			}
			previous={previous}
			next={next}
		/>
	);
}
