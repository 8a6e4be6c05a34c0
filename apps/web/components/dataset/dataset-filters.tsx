/**
 * The /datasets search, task and sort as one plain GET form: the page is rendered on the
 * server from the URL, and a change starts again at page one (no cursor in the form).
 */
import { PIPELINE_DATA } from "@hubkit/tasks";
import type { DatasetsState } from "@/lib/datasets-query";
import { MODEL_SORTS } from "@/lib/models-query";
import { AutoSubmitSelect } from "../model/auto-submit-select";
import { tasksByModality } from "../task/task-catalogue";
import { SearchIcon } from "../ui/icons";

export function DatasetFilters({ state }: { state: DatasetsState }) {
	return (
		<form action="/datasets" method="get" className="filters" aria-label="Filter datasets">
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
				<label htmlFor="dataset-task">Task</label>
				<AutoSubmitSelect id="dataset-task" name="task_categories" defaultValue={state.task}>
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
				<label htmlFor="dataset-sort">Sort</label>
				<AutoSubmitSelect id="dataset-sort" name="sort" defaultValue={state.sort}>
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
		</form>
	);
}
