/**
 * One entry of a task demo, by its type: text, an image (next/image, through the
 * site's own /assets/demo path, framed at its own proportions: no empty band), an audio player, a chart of label scores, a
 * table, or text with labelled spans and a legend.
 */
import type { DemoEntry } from "@hubkit/tasks";
import Image from "next/image";
import { ScrollRegion } from "../ui/scroll-region";

const SPAN_COLORS = ["blue", "green", "orange", "red", "indigo", "yellow"];

function TokenText({ entry }: { entry: Extract<DemoEntry, { type: "text-with-tokens" }> }) {
	const types = [...new Set(entry.tokens.map((token) => token.type))];
	const colorOf = (type: string) => SPAN_COLORS[types.indexOf(type) % SPAN_COLORS.length];
	const parts: React.ReactNode[] = [];
	let at = 0;
	for (const [index, token] of [...entry.tokens].sort((a, b) => a.start - b.start).entries()) {
		if (token.start < at) continue;
		if (token.start > at) parts.push(entry.text.slice(at, token.start));
		parts.push(
			<mark key={index} className={`span span-${colorOf(token.type)}`}>
				{entry.text.slice(token.start, token.end)}
				<span className="span-label">{token.type}</span>
			</mark>,
		);
		at = token.end;
	}
	if (at < entry.text.length) parts.push(entry.text.slice(at));
	return (
		<div>
			<p className="token-text">{parts}</p>
			<ul className="legend" aria-label="Legend">
				{types.map((type) => (
					<li key={type}>
						<span className={`legend-swatch span-${colorOf(type)}`} aria-hidden />
						{type}
					</li>
				))}
			</ul>
		</div>
	);
}

/** `side` names the column a table sits in, so two tables on one page are told apart. */
export function DemoEntryView({ entry, side }: { entry: DemoEntry; side: "Input" | "Output" }) {
	switch (entry.type) {
		case "text":
			return (
				<div className="demo-text">
					<span className="demo-label">{entry.label}</span>
					<p>{entry.content}</p>
				</div>
			);
		case "img":
			return (
				<div className="demo-image">
					{/* The frame takes the picture's own shape (CSS: full width, auto height); the size given here
					    is the generator's usual 3:2, which only holds the place until the picture arrives. */}
					<Image
						src={`/assets/demo/${entry.filename}`}
						alt={entry.filename.replace(/[-_]/g, " ").replace(/\.\w+$/, "")}
						width={384}
						height={256}
						// One column on phones; beside the other column (at most about 560 px) from 720 px up.
						sizes="(max-width: 720px) 100vw, 560px"
					/>
				</div>
			);
		case "audio":
			return (
				// biome-ignore lint/a11y/useMediaCaption: demo sounds are generated speech and tones with no caption track.
				<audio className="demo-audio" controls preload="none" src={`/assets/demo/${entry.filename}`} />
			);
		case "chart":
			return (
				<ul className="chart" aria-label="Scores">
					{entry.data.map((row) => (
						<li key={row.label} className="chart-row">
							<span className="chart-label">{row.label}</span>
							<span className="chart-track" aria-hidden>
								<span className="chart-bar" style={{ width: `${Math.round(row.score * 100)}%` }} />
							</span>
							<span className="chart-score">{row.score.toFixed(3)}</span>
						</li>
					))}
				</ul>
			);
		case "tabular": {
			const [header = [], ...rows] = entry.data;
			return (
				<ScrollRegion className="table-scroll" label={`${side} table`}>
					<table className="table">
						<thead>
							<tr>
								{header.map((cell, column) => (
									// biome-ignore lint/suspicious/noArrayIndexKey: a table's columns are fixed for the demo.
									<th key={column} scope="col">
										{cell}
									</th>
								))}
							</tr>
						</thead>
						<tbody>
							{rows.map((row, index) => (
								// biome-ignore lint/suspicious/noArrayIndexKey: rows never reorder.
								<tr key={index}>
									{row.map((cell, column) => (
										// biome-ignore lint/suspicious/noArrayIndexKey: cells never reorder.
										<td key={column}>{cell}</td>
									))}
								</tr>
							))}
						</tbody>
					</table>
				</ScrollRegion>
			);
		}
		case "text-with-tokens":
			return <TokenText entry={entry} />;
	}
}
