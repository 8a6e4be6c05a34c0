/**
 * The /models filters as one GET form: every choice lands in the URL, the page is
 * rendered on the server from it, and a change starts again at page one (the
 * cursor is not part of the form). With JavaScript the submit is a client-side
 * navigation to the short URL (filters-form.tsx).
 */
import { INFERENCE_PROVIDERS } from "@hubkit/inference";
import { FILTERABLE_LIBRARY_KEYS, MODEL_LIBRARIES, PIPELINE_DATA } from "@hubkit/tasks";
import { MODEL_SORTS, type ModelsState } from "@/lib/models-query";
import { tasksByModality } from "../task/task-catalogue";
import { SearchIcon } from "../ui/icons";
import { AutoSubmitSelect } from "./auto-submit-select";
import { FiltersForm } from "./filters-form";

export function ModelFilters({ state }: { state: ModelsState }) {
	const libraries = [...FILTERABLE_LIBRARY_KEYS].sort((a, b) =>
		MODEL_LIBRARIES[a].prettyLabel.localeCompare(MODEL_LIBRARIES[b].prettyLabel),
	);
	return (
		<FiltersForm>
			<div className="search-field">
				<SearchIcon />
				<input
					type="search"
					name="search"
					defaultValue={state.search}
					placeholder="Filter by name"
					aria-label="Filter by name"
					maxLength={200}
				/>
			</div>
			<div className="filter">
				<label htmlFor="filter-pipeline_tag">Task</label>
				<AutoSubmitSelect id="filter-pipeline_tag" name="pipeline_tag" defaultValue={state.pipeline_tag}>
					<option value="">All tasks</option>
					{tasksByModality().map((group) => (
						<optgroup key={group.modality} label={group.label}>
							{group.tasks.map((task) => (
								<option key={task} value={task}>
									{PIPELINE_DATA[task].name}
								</option>
							))}
						</optgroup>
					))}
				</AutoSubmitSelect>
			</div>
			<div className="filter">
				<label htmlFor="filter-library">Library</label>
				<AutoSubmitSelect id="filter-library" name="library" defaultValue={state.library}>
					<option value="">All libraries</option>
					{libraries.map((key) => (
						<option key={key} value={key}>
							{MODEL_LIBRARIES[key].prettyLabel}
						</option>
					))}
				</AutoSubmitSelect>
			</div>
			<div className="filter">
				<label htmlFor="filter-inference_provider">Inference provider</label>
				<AutoSubmitSelect
					id="filter-inference_provider"
					name="inference_provider"
					defaultValue={state.inference_provider}
				>
					<option value="">Any or none</option>
					<option value="all">Any provider</option>
					{INFERENCE_PROVIDERS.map((provider) => (
						<option key={provider} value={provider}>
							{provider}
						</option>
					))}
				</AutoSubmitSelect>
			</div>
			<div className="filter">
				<label htmlFor="filter-sort">Sort</label>
				<AutoSubmitSelect id="filter-sort" name="sort" defaultValue={state.sort}>
					{Object.entries(MODEL_SORTS).map(([value, label]) => (
						<option key={value} value={value}>
							{label}
						</option>
					))}
				</AutoSubmitSelect>
			</div>
			<button type="submit" className="button">
				Apply
			</button>
		</FiltersForm>
	);
}
