/** A task's mark: a rounded square in the pipeline's colour with its modality's glyph. */
import { type Modality, PIPELINE_DATA, type PipelineType } from "@hubkit/tasks";

const GLYPHS: Record<Modality, string> = {
	nlp: "M4 6h16M4 12h10M4 18h13",
	audio: "M4 10v4M8 7v10M12 4v16M16 8v8M20 11v2",
	cv: "M3 6a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM8 10a1.5 1.5 0 1 0 0-.01M21 16l-5-5-9 9",
	multimodal: "M4 4h7v7H4zM13 13h7v7h-7zM13 7.5h7M4 16.5h7",
	tabular: "M3 5h18v14H3zM3 10h18M3 15h18M9 5v14",
	rl: "M12 3v4M12 17v4M3 12h4M17 12h4M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8z",
	other: "M5 12h.01M12 12h.01M19 12h.01",
};

export function TaskIcon({ task, size = 20 }: { task: PipelineType; size?: number }) {
	const pipeline = PIPELINE_DATA[task];
	return (
		<span
			className={`task-icon task-icon-${pipeline.color}`}
			style={{ width: size + 12, height: size + 12 }}
			aria-hidden
		>
			<svg
				aria-hidden="true"
				viewBox="0 0 24 24"
				width={size}
				height={size}
				fill="none"
				stroke="currentColor"
				strokeWidth={2}
				strokeLinecap="round"
				strokeLinejoin="round"
			>
				<path d={GLYPHS[pipeline.modality]} />
			</svg>
		</span>
	);
}
