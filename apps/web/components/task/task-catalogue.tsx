/** Every task with a page, grouped by modality, as cards linking to /tasks/{task}. */
import {
	MODALITIES,
	MODALITY_LABELS,
	PIPELINE_DATA,
	PIPELINE_TYPES,
	type PipelineType,
	TASKS_DATA,
} from "@hubkit/tasks";
import Link from "next/link";
import { TaskIcon } from "./task-icon";

export function tasksByModality() {
	return MODALITIES.map((modality) => ({
		modality,
		label: MODALITY_LABELS[modality],
		tasks: PIPELINE_TYPES.filter((tag) => PIPELINE_DATA[tag].modality === modality && TASKS_DATA[tag]),
	})).filter((group) => group.tasks.length > 0);
}

export function TaskCard({ task }: { task: PipelineType }) {
	const data = TASKS_DATA[task];
	return (
		<Link href={`/tasks/${task}`} className="card task-card">
			<TaskIcon task={task} />
			<span className="task-card-text">
				<span className="task-card-label">{PIPELINE_DATA[task].name}</span>
				{data?.isPlaceholder ? <span className="muted small">No page content yet</span> : null}
			</span>
		</Link>
	);
}

export function TaskCatalogue({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
	const Heading = headingLevel === 2 ? "h2" : "h3";
	return (
		<div className="task-catalogue">
			{tasksByModality().map((group) => (
				<section key={group.modality} aria-labelledby={`modality-${group.modality}`} className="modality-group">
					<Heading id={`modality-${group.modality}`} className="modality-title">
						{group.label}
					</Heading>
					<div className="task-grid">
						{group.tasks.map((task) => (
							<TaskCard key={task} task={task} />
						))}
					</div>
				</section>
			))}
		</div>
	);
}
