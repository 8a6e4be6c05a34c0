/** The task's example: what goes in beside what comes out. */
import type { TaskData } from "@hubkit/tasks";
import { DemoEntryView } from "./demo-entry";

export function TaskDemo({ task }: { task: TaskData }) {
	const { inputs, outputs } = task.demo;
	if (inputs.length === 0 && outputs.length === 0) return null;
	return (
		<div className="demo" data-testid="task-demo">
			<div className="demo-column">
				<h3 className="demo-heading">Inputs</h3>
				{inputs.map((entry, index) => (
					// biome-ignore lint/suspicious/noArrayIndexKey: demo entries are fixed data in a fixed order.
					<DemoEntryView key={index} entry={entry} side="Input" />
				))}
			</div>
			<div className="demo-arrow" aria-hidden>
				→
			</div>
			<div className="demo-column">
				<h3 className="demo-heading">Outputs</h3>
				{outputs.map((entry, index) => (
					// biome-ignore lint/suspicious/noArrayIndexKey: demo entries are fixed data in a fixed order.
					<DemoEntryView key={index} entry={entry} side="Output" />
				))}
			</div>
		</div>
	);
}
