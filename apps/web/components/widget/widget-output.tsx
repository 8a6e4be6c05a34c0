"use client";
/**
 * A widget's result, drawn by its type: label scores as a bar chart, entities
 * as highlighted spans with a legend, boxes over the picture, a depth map beside
 * it or masks over it, texts in a ranking model's order, text, a vector's first values, a picture, an audio
 * or video player, or JSON.
 */
import { useState } from "react";
import type { DetectionBox, EntitySpan, LabelScore, WidgetResult } from "@/lib/widget-outputs";
import { DepthView, SegmentsView } from "./image-maps";

const COLOURS = ["blue", "green", "orange", "red", "indigo", "yellow"] as const;

function colourOf(labels: string[], label: string): string {
	return COLOURS[Math.max(0, labels.indexOf(label)) % COLOURS.length] ?? "blue";
}

/** A score as a bar (the first row's stands out) and as a number: the right half of a chart or ranking row. */
function ScoreBar({ score, top }: { score: number; top: boolean }) {
	return (
		<>
			<span className="widget-chart-track" aria-hidden>
				<span
					className={top ? "widget-chart-bar widget-chart-bar-top" : "widget-chart-bar"}
					style={{ width: `${Math.max(0, Math.min(1, score)) * 100}%` }}
				/>
			</span>
			<span className="widget-chart-score">{score.toFixed(3)}</span>
		</>
	);
}

export function LabelChart({ rows, label = "Scores" }: { rows: LabelScore[]; label?: string }) {
	if (rows.length === 0) return <p className="muted">The model returned no labels.</p>;
	return (
		<ul className="widget-chart" aria-label={label} data-testid="widget-chart">
			{rows.map((row, index) => (
				// biome-ignore lint/suspicious/noArrayIndexKey: a result is drawn once and never reordered; labels may repeat.
				<li key={`${row.label}-${index}`} className="widget-chart-row">
					<span className="widget-chart-label" title={row.label}>
						{row.label}
					</span>
					<ScoreBar score={row.score} top={index === 0} />
				</li>
			))}
		</ul>
	);
}

/** Whole texts (they are sentences, not labels), best match first, each with its score as a bar. */
function RankedTexts({ rows }: { rows: LabelScore[] }) {
	if (rows.length === 0) return <p className="muted">The model ranked no texts.</p>;
	return (
		<ol className="widget-ranking" aria-label="Texts, best match first" data-testid="widget-ranking">
			{rows.map((row, index) => (
				// biome-ignore lint/suspicious/noArrayIndexKey: a result is drawn once and never reordered; texts may repeat.
				<li key={`${row.label}-${index}`} className="widget-ranking-row">
					<span className="widget-ranking-text">{row.label}</span>
					<ScoreBar score={row.score} top={index === 0} />
				</li>
			))}
		</ol>
	);
}

function EntityText({ text, spans }: { text: string; spans: EntitySpan[] }) {
	const labels = [...new Set(spans.map((span) => span.label))];
	const parts: React.ReactNode[] = [];
	let at = 0;
	for (const span of spans) {
		if (span.start > at) parts.push(text.slice(at, span.start));
		parts.push(
			<mark
				key={`${span.start}-${span.end}`}
				className={`widget-span widget-span-${colourOf(labels, span.label)}`}
				title={`${span.label} · ${span.score.toFixed(3)}`}
			>
				{text.slice(span.start, span.end)}
				<span className="widget-span-label">{span.label}</span>
			</mark>,
		);
		at = span.end;
	}
	if (at < text.length) parts.push(text.slice(at));
	return (
		<div data-testid="widget-spans">
			<p className="widget-spans">{parts}</p>
			{labels.length > 0 ? (
				<ul className="widget-legend" aria-label="Entity types">
					{labels.map((label) => (
						<li key={label}>
							<span className={`widget-swatch widget-span-${colourOf(labels, label)}`} aria-hidden />
							{label}
						</li>
					))}
				</ul>
			) : (
				<p className="muted small">No entities found.</p>
			)}
		</div>
	);
}

function DetectionView({ imageUrl, boxes }: { imageUrl: string; boxes: DetectionBox[] }) {
	const [size, setSize] = useState<{ width: number; height: number } | null>(null);
	const labels = [...new Set(boxes.map((box) => box.label))];
	return (
		<div className="stack" data-testid="widget-boxes">
			<div className="widget-detection">
				{/* biome-ignore lint/performance/noImgElement: a local object URL of the visitor's own picture; next/image cannot optimise it. */}
				<img
					src={imageUrl}
					alt="Your input with the detected objects outlined"
					onLoad={(event) =>
						setSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
					}
				/>
				{size
					? boxes.map((box, index) => (
							<span
								// biome-ignore lint/suspicious/noArrayIndexKey: a result is drawn once and never reordered; labels repeat.
								key={`${box.label}-${index}`}
								className={`widget-box widget-box-${colourOf(labels, box.label)}`}
								style={{
									left: `${(box.xmin / size.width) * 100}%`,
									top: `${(box.ymin / size.height) * 100}%`,
									width: `${((box.xmax - box.xmin) / size.width) * 100}%`,
									height: `${((box.ymax - box.ymin) / size.height) * 100}%`,
								}}
							>
								<span className="widget-box-label">{box.label}</span>
							</span>
						))
					: null}
			</div>
			<LabelChart rows={boxes.map((box) => ({ label: box.label, score: box.score }))} label="Detected objects" />
		</div>
	);
}

export function WidgetOutput({ result }: { result: WidgetResult }) {
	switch (result.type) {
		case "labels":
			return <LabelChart rows={result.rows} />;
		case "ranking":
			return <RankedTexts rows={result.rows} />;
		case "spans":
			return <EntityText text={result.text} spans={result.spans} />;
		case "text":
			return (
				<div className="stack">
					<p className="widget-text" data-testid="widget-text">
						{result.text || <span className="muted">(empty answer)</span>}
					</p>
					{result.rows && result.rows.length > 1 ? <LabelChart rows={result.rows} label="Candidates" /> : null}
					{result.rows?.length === 1 && result.rows[0] ? (
						<p className="small muted">Score {result.rows[0].score.toFixed(3)}</p>
					) : null}
				</div>
			);
		case "vector":
			return (
				<div className="stack" data-testid="widget-vector">
					<p className="small muted">
						A vector of {result.length} numbers; the first {result.head.length}:
					</p>
					<ol className="widget-vector">
						{result.head.map((value, index) => (
							// biome-ignore lint/suspicious/noArrayIndexKey: positions in a fixed vector.
							<li key={index}>{value.toFixed(4)}</li>
						))}
					</ol>
				</div>
			);
		case "boxes":
			return <DetectionView imageUrl={result.imageUrl} boxes={result.boxes} />;
		case "depth":
			return <DepthView imageUrl={result.imageUrl} depth={result.depth} />;
		case "segments":
			return <SegmentsView imageUrl={result.imageUrl} segments={result.segments} />;
		case "image":
			return (
				// biome-ignore lint/performance/noImgElement: the model's answer as a local object URL.
				<img className="widget-image" src={result.url} alt="What the model made" />
			);
		case "audio":
			return (
				// biome-ignore lint/a11y/useMediaCaption: generated speech or sound; there is no caption track to give.
				<audio className="widget-audio" controls src={result.url} data-testid="widget-audio" />
			);
		case "video":
			return (
				// biome-ignore lint/a11y/useMediaCaption: a generated clip; there is no caption track to give.
				<video className="widget-image" controls src={result.url} data-testid="widget-video" />
			);
		case "audios":
			return (
				<ul className="widget-audios" data-testid="widget-audios">
					{result.items.map((item, index) => (
						// biome-ignore lint/suspicious/noArrayIndexKey: a result is drawn once; labels may repeat.
						<li key={`${item.label}-${index}`}>
							<span className="small">{item.label}</span>
							{/* biome-ignore lint/a11y/useMediaCaption: separated or cleaned sound; there is no caption track to give. */}
							<audio className="widget-audio" controls src={item.url} aria-label={item.label} />
						</li>
					))}
				</ul>
			);
		case "json":
			return (
				// biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling block must be reachable by keyboard to scroll it.
				<pre className="widget-json" tabIndex={0}>
					{JSON.stringify(result.value, null, 2)}
				</pre>
			);
	}
}
