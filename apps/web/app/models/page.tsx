import { PIPELINE_DATA, type PipelineType } from "@hubkit/tasks";
import type { Metadata } from "next";
import Link from "next/link";
import { ModelFilters } from "@/components/model/model-filters";
import { ModelList } from "@/components/model/model-item";
import { EmptyState } from "@/components/ui/empty-state";
import { ListingPage } from "@/components/ui/listing-page";
import { listModels } from "@/lib/hub/models";
import { hubSort, pagerHrefs, readModelsState, tagFilterTitle } from "@/lib/models-query";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

function taskName(tag: string): string | undefined {
	return Object.hasOwn(PIPELINE_DATA, tag) ? PIPELINE_DATA[tag as PipelineType].name : undefined;
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
	const state = readModelsState(await searchParams);
	const parts = [state.search && `“${state.search}”`, taskName(state.pipeline_tag), state.library].filter(Boolean);
	return {
		title: parts.length > 0 ? `Models: ${parts.join(", ")}` : "Models",
		description: "Search and filter the hub's models by task, library and inference provider.",
	};
}

export default async function ModelsPage({ searchParams }: Props) {
	const state = readModelsState(await searchParams);

	const page = await listModels({
		search: state.search,
		pipeline_tag: state.pipeline_tag,
		library: state.library,
		inference_provider: state.inference_provider,
		other: state.other,
		sort: hubSort(state.sort),
		cursor: state.cursor,
	});
	const { next, previous } = pagerHrefs(state, page.nextCursor);
	return (
		<ListingPage
			title={state.other ? tagFilterTitle(state.other) : "Models"}
			countTestId="models-total"
			total={page.total}
			totalAtLeast={page.totalAtLeast}
			filters={<ModelFilters state={state} />}
			results={page.models.length > 0 ? <ModelList models={page.models} label="Models" /> : undefined}
			empty={
				<EmptyState title="No model matches these filters">
					<p>
						Try fewer filters, or <Link href="/models">see every model</Link>.
					</p>
				</EmptyState>
			}
			previous={previous}
			next={next}
		/>
	);
}
