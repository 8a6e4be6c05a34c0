"use client";
/**
 * Results that are pictures of the input picture: a depth map shown beside it,
 * and segmentation masks laid over it in colour, each label's mask switched on
 * and off from the legend. Loaded with the rest of the result's drawing, once
 * Run is pressed.
 */
import { useEffect, useRef, useState } from "react";
import type { DepthMap, Segment } from "@/lib/widget-outputs";

/** Overlay colours (RGB), the detection boxes' palette: strong enough to read at half opacity on either theme. */
const SEGMENT_COLOURS: [number, number, number][] = [
	[37, 99, 235],
	[22, 163, 74],
	[234, 88, 12],
	[220, 38, 38],
	[124, 58, 237],
	[202, 138, 4],
	[8, 145, 178],
	[219, 39, 119],
];

/** How opaque a mask is where it is fully on: the picture stays visible through it. */
const MASK_ALPHA = 0.55;

const rgb = (colour: [number, number, number]) => `rgb(${colour.join(" ")})`;

function colourAt(index: number): [number, number, number] {
	return SEGMENT_COLOURS[index % SEGMENT_COLOURS.length] ?? [37, 99, 235];
}

function formatDepth(value: number): string {
	return Math.abs(value) >= 100 || Number.isInteger(value) ? String(Math.round(value)) : value.toPrecision(3);
}

export function DepthView({ imageUrl, depth }: { imageUrl: string; depth: DepthMap }) {
	return (
		<div className="stack" data-testid="widget-depth">
			<div className="widget-pair">
				<figure>
					{/* biome-ignore lint/performance/noImgElement: a local object URL of the visitor's own picture. */}
					<img src={imageUrl} alt="Your input" />
					<figcaption className="small muted">Input</figcaption>
				</figure>
				<figure>
					{/* biome-ignore lint/performance/noImgElement: the model's answer as a data URL; next/image cannot optimise it. */}
					<img
						src={depth.url}
						alt="The depth map of your input, in grey: lighter areas have larger predicted depth values"
						data-testid="widget-depth-image"
					/>
					<figcaption className="small muted">Depth map</figcaption>
				</figure>
			</div>
			<p className="small muted">
				Lighter is a larger predicted value: nearer, for relative-depth models (DPT, Depth Anything); farther, for
				metric ones.
				{depth.range ? ` Values from ${formatDepth(depth.range.min)} to ${formatDepth(depth.range.max)}.` : null}
			</p>
		</div>
	);
}

/**
 * One label's mask as a coloured canvas: the mask's grey level becomes the
 * colour's opacity. Reports the share of the picture the mask covers, for the legend.
 */
function MaskLayer({
	segment,
	colour,
	shown,
	onCoverage,
}: {
	segment: Segment;
	colour: [number, number, number];
	shown: boolean;
	onCoverage: (share: number) => void;
}) {
	const canvas = useRef<HTMLCanvasElement>(null);
	const report = useRef(onCoverage);
	report.current = onCoverage;

	useEffect(() => {
		let cancelled = false;
		const mask = new Image();
		mask.onload = () => {
			const element = canvas.current;
			const context = element?.getContext("2d", { willReadFrequently: true });
			if (cancelled || !element || !context) return;
			element.width = mask.naturalWidth;
			element.height = mask.naturalHeight;
			context.drawImage(mask, 0, 0);
			const pixels = context.getImageData(0, 0, element.width, element.height);
			const data = pixels.data;
			let inside = 0;
			for (let at = 0; at < data.length; at += 4) {
				// A greyscale mask: red is its level. Anti-aliased edges keep their partial level.
				const level = data[at] ?? 0;
				if (level >= 128) inside++;
				data[at] = colour[0];
				data[at + 1] = colour[1];
				data[at + 2] = colour[2];
				data[at + 3] = Math.round(level * MASK_ALPHA);
			}
			context.putImageData(pixels, 0, 0);
			report.current(data.length ? inside / (data.length / 4) : 0);
		};
		mask.src = segment.maskUrl;
		return () => {
			cancelled = true;
		};
	}, [segment.maskUrl, colour]);

	return (
		<canvas
			ref={canvas}
			className="widget-mask"
			hidden={!shown}
			aria-hidden
			data-testid="widget-mask"
			data-label={segment.label}
		/>
	);
}

export function SegmentsView({ imageUrl, segments }: { imageUrl: string; segments: Segment[] }) {
	const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
	const [coverage, setCoverage] = useState<Record<number, number>>({});
	if (segments.length === 0) return <p className="muted">The model found no segments.</p>;
	const toggle = (index: number) =>
		setHidden((current) => {
			const next = new Set(current);
			if (!next.delete(index)) next.add(index);
			return next;
		});
	const labels = segments.map((segment) => segment.label).join(", ");
	return (
		<div className="stack" data-testid="widget-segments">
			<div className="widget-detection">
				{/* biome-ignore lint/performance/noImgElement: a local object URL of the visitor's own picture. */}
				<img src={imageUrl} alt={`Your input, with the segments the model found laid over it: ${labels}`} />
				{segments.map((segment, index) => (
					<MaskLayer
						// biome-ignore lint/suspicious/noArrayIndexKey: a result is drawn once and never reordered; labels may repeat.
						key={`${segment.label}-${index}`}
						segment={segment}
						colour={colourAt(index)}
						shown={!hidden.has(index)}
						onCoverage={(share) => setCoverage((current) => ({ ...current, [index]: share }))}
					/>
				))}
			</div>
			<ul className="widget-legend" aria-label="Segments (press one to show or hide its mask)">
				{segments.map((segment, index) => {
					const share = coverage[index];
					return (
						// biome-ignore lint/suspicious/noArrayIndexKey: as above.
						<li key={`${segment.label}-${index}`}>
							<button
								type="button"
								className="widget-segment-toggle"
								aria-pressed={!hidden.has(index)}
								onClick={() => toggle(index)}
							>
								<span className="widget-swatch" style={{ background: rgb(colourAt(index)) }} aria-hidden />
								<span>{segment.label}</span>
								{share !== undefined ? (
									<span className="small muted">{`${Math.round(share * 100)}% of the picture`}</span>
								) : null}
								{segment.score !== undefined ? (
									<span className="small muted">{`score ${segment.score.toFixed(3)}`}</span>
								) : null}
							</button>
						</li>
					);
				})}
			</ul>
		</div>
	);
}
