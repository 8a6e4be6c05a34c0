import type { Metadata } from "next";
import { TaskCatalogue } from "@/components/task/task-catalogue";

export async function generateMetadata(): Promise<Metadata> {
	return {
		title: "Tasks",
		description:
			"Every machine-learning task the hub knows, grouped by modality: what goes in, what comes out, which models do it.",
	};
}

export default function TasksPage() {
	return (
		<div className="page">
			<header className="page-header">
				<h1>Tasks</h1>
				<p className="muted">Pick a task to see what it does, an example, and the models and libraries for it.</p>
			</header>
			<TaskCatalogue />
		</div>
	);
}
