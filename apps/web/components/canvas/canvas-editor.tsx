"use client";
/**
 * The canvas editor: brush and eraser on the picture or on a mask (the area an
 * inpainting or image-to-image model should redo), text, a colour palette,
 * stickers (shapes and SVG artwork), undo/redo, and a PNG export handed back to the widget.
 * Every control is a labelled native input or button; the drawing area itself
 * takes the keyboard too (arrows move a cursor, Space puts the pen down or lifts
 * it, Enter stamps). Loaded lazily (editor-dialog.tsx imports it with next/dynamic): most visits never open it.
 */
import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import {
	type Action,
	compose,
	drawAction,
	drawSegment,
	exportMask,
	exportPicture,
	hasMask,
	type Layer,
	type Layers,
	newLayer,
	type Point,
	replay,
} from "./drawing";
import { COLOURS, STICKERS } from "./palette";
import { loadStickerArtwork } from "./sticker-artwork";
import "./canvas.css";

export interface EditedPicture {
	image: Blob;
	/** White where the mask was painted, black elsewhere; only when a mask was painted. */
	mask?: Blob;
}

type Tool = "brush" | "eraser" | "text" | "sticker";

interface CanvasEditorProps {
	source: Blob;
	onDone: (picture: EditedPicture) => void;
	onCancel: () => void;
}

/** Larger pictures are scaled down to this many pixels a side: enough for any model, light on memory. */
const MAX_SIDE = 1600;
const TOOLS: { id: Tool; label: string }[] = [
	{ id: "brush", label: "Brush" },
	{ id: "eraser", label: "Eraser" },
	{ id: "text", label: "Text" },
	{ id: "sticker", label: "Sticker" },
];
const KEY_STEP = 8;
/** How tall the drawing area may get on screen (CSS), so the tools and buttons stay in view. */
const MAX_VIEW_HEIGHT = "min(60vh, 40rem)";

type Stroke = Extract<Action, { type: "stroke" }>;

export function CanvasEditor({ source, onDone, onCancel }: CanvasEditorProps) {
	const view = useRef<HTMLCanvasElement>(null);
	const base = useRef<ImageBitmap | null>(null);
	const layers = useRef<Layers | null>(null);
	const stroke = useRef<Stroke | null>(null);
	const actionsRef = useRef<Action[]>([]);
	const [actions, setActions] = useState<Action[]>([]);
	const [undone, setUndone] = useState<Action[]>([]);
	const [size, setSize] = useState<{ width: number; height: number } | null>(null);
	const [failed, setFailed] = useState<string | null>(null);
	const [tool, setTool] = useState<Tool>("brush");
	const [layer, setLayer] = useState<Layer>("paint");
	const [colour, setColour] = useState<string>(COLOURS[2].value);
	const [brushSize, setBrushSize] = useState(16);
	const [text, setText] = useState("Hello");
	const [sticker, setSticker] = useState(STICKERS[0]?.id ?? "star");
	const [cursor, setCursor] = useState<Point | null>(null);
	const [exporting, setExporting] = useState(false);
	const ids = { size: useId(), text: useId(), custom: useId(), help: useId() };

	const redraw = useCallback(() => {
		const context = view.current?.getContext("2d");
		if (context && base.current && layers.current) compose(context, base.current, layers.current);
	}, []);

	useEffect(() => {
		let cancelled = false;
		// The artwork stickers are decoded before the editor opens, so stamping one draws it at once.
		Promise.all([createImageBitmap(source), loadStickerArtwork()])
			.then(([bitmap]) => {
				if (cancelled) return bitmap.close();
				const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
				const width = Math.max(1, Math.round(bitmap.width * scale));
				const height = Math.max(1, Math.round(bitmap.height * scale));
				base.current = bitmap;
				layers.current = { paint: newLayer(width, height), mask: newLayer(width, height) };
				setSize({ width, height });
				setCursor({ x: Math.round(width / 2), y: Math.round(height / 2) });
			})
			.catch(() => setFailed("This picture could not be opened for editing."));
		return () => {
			cancelled = true;
		};
	}, [source]);

	// The view canvas gets its size from the first render after loading; draw once it has it.
	useEffect(() => {
		if (size) redraw();
	}, [size, redraw]);

	const commit = (action: Action) => {
		actionsRef.current = [...actionsRef.current, action];
		setActions(actionsRef.current);
		setUndone([]);
	};

	const undo = () => {
		const last = actionsRef.current.at(-1);
		if (!last || !layers.current) return;
		actionsRef.current = actionsRef.current.slice(0, -1);
		setActions(actionsRef.current);
		setUndone((list) => [...list, last]);
		replay(layers.current, actionsRef.current);
		redraw();
	};

	const redo = () => {
		const next = undone.at(-1);
		if (!next || !layers.current) return;
		actionsRef.current = [...actionsRef.current, next];
		setActions(actionsRef.current);
		setUndone((list) => list.slice(0, -1));
		drawAction(layers.current, next);
		redraw();
	};

	const clear = () => {
		if (!layers.current || actionsRef.current.length === 0) return;
		const action: Action = { type: "clear" };
		drawAction(layers.current, action);
		commit(action);
		redraw();
	};

	const sizeFor = (kind: Tool) =>
		kind === "text" ? Math.max(12, brushSize * 2) : kind === "sticker" ? brushSize * 4 : brushSize;

	/** Places a text or sticker, or a dot of the brush, at `at`. */
	const stamp = (at: Point) => {
		if (!layers.current) return;
		let action: Action;
		if (tool === "text") {
			if (!text.trim()) return;
			action = { type: "text", text: text.trim(), at, colour, size: sizeFor("text") };
		} else if (tool === "sticker") {
			action = { type: "sticker", sticker, at, colour, size: sizeFor("sticker") };
		} else {
			action = { type: "stroke", layer, erase: tool === "eraser", colour, size: brushSize, points: [at] };
		}
		drawAction(layers.current, action);
		commit(action);
		redraw();
	};

	const startStroke = (at: Point) => {
		if (!layers.current) return;
		const started: Stroke = { type: "stroke", layer, erase: tool === "eraser", colour, size: brushSize, points: [at] };
		stroke.current = started;
		drawSegment(layers.current[layer], started, at, at);
		redraw();
	};

	const extendStroke = (at: Point) => {
		const current = stroke.current;
		const previous = current?.points.at(-1);
		if (!current || !previous || !layers.current) return;
		current.points.push(at);
		drawSegment(layers.current[current.layer], current, previous, at);
		redraw();
	};

	const endStroke = () => {
		if (stroke.current) commit(stroke.current);
		stroke.current = null;
	};

	const pointAt = (event: PointerEvent<HTMLCanvasElement>): Point => {
		const rect = event.currentTarget.getBoundingClientRect();
		const canvas = event.currentTarget;
		return {
			x: Math.round(((event.clientX - rect.left) / rect.width) * canvas.width),
			y: Math.round(((event.clientY - rect.top) / rect.height) * canvas.height),
		};
	};

	const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
		if (event.button !== 0) return;
		const at = pointAt(event);
		setCursor(at);
		if (tool === "text" || tool === "sticker") {
			stamp(at);
			return;
		}
		event.currentTarget.setPointerCapture(event.pointerId);
		startStroke(at);
	};

	const onCanvasKey = (event: KeyboardEvent<HTMLDivElement>) => {
		if (!size || !cursor) return;
		const step = event.shiftKey ? KEY_STEP * 4 : KEY_STEP;
		const moves: Record<string, Point> = {
			ArrowLeft: { x: -step, y: 0 },
			ArrowRight: { x: step, y: 0 },
			ArrowUp: { x: 0, y: -step },
			ArrowDown: { x: 0, y: step },
		};
		const move = moves[event.key];
		if (move) {
			event.preventDefault();
			const next = {
				x: Math.min(size.width - 1, Math.max(0, cursor.x + move.x)),
				y: Math.min(size.height - 1, Math.max(0, cursor.y + move.y)),
			};
			setCursor(next);
			if (stroke.current) extendStroke(next);
			return;
		}
		if (event.key === " " && (tool === "brush" || tool === "eraser")) {
			event.preventDefault();
			if (stroke.current) endStroke();
			else startStroke(cursor);
			return;
		}
		if (event.key === "Enter") {
			event.preventDefault();
			if (stroke.current) endStroke();
			stamp(cursor);
		}
	};

	const onEditorKey = (event: KeyboardEvent<HTMLDivElement>) => {
		if (!(event.ctrlKey || event.metaKey)) return;
		const key = event.key.toLowerCase();
		if (key === "z" && !event.shiftKey) {
			event.preventDefault();
			undo();
		} else if ((key === "z" && event.shiftKey) || key === "y") {
			event.preventDefault();
			redo();
		}
	};

	const finish = async () => {
		if (!base.current || !layers.current) return;
		endStroke();
		setExporting(true);
		try {
			const image = await exportPicture(base.current, layers.current);
			const mask = hasMask(actionsRef.current) ? await exportMask(layers.current) : undefined;
			onDone({ image, mask });
		} catch (error) {
			setFailed(error instanceof Error ? error.message : "The picture could not be exported.");
		} finally {
			setExporting(false);
		}
	};

	const brushLike = tool === "brush" || tool === "eraser";
	const sizeLabel = tool === "text" ? "Text size" : tool === "sticker" ? "Sticker size" : "Brush size";

	return (
		// biome-ignore lint/a11y/noStaticElementInteractions: catches the undo/redo shortcuts from any control inside.
		<div className="canvas-editor" onKeyDown={onEditorKey} data-testid="canvas-editor">
			<div className="canvas-toolbar" role="toolbar" aria-label="Drawing tools" aria-orientation="horizontal">
				<fieldset className="canvas-group">
					<legend>Tool</legend>
					{TOOLS.map((item) => (
						<label key={item.id} className={tool === item.id ? "canvas-chip canvas-chip-on" : "canvas-chip"}>
							<input
								type="radio"
								name="canvas-tool"
								value={item.id}
								checked={tool === item.id}
								onChange={() => setTool(item.id)}
							/>
							{item.label}
						</label>
					))}
				</fieldset>
				{brushLike ? (
					<fieldset className="canvas-group">
						<legend>Paint on</legend>
						{(["paint", "mask"] as const).map((item) => (
							<label key={item} className={layer === item ? "canvas-chip canvas-chip-on" : "canvas-chip"}>
								<input
									type="radio"
									name="canvas-layer"
									value={item}
									checked={layer === item}
									onChange={() => setLayer(item)}
								/>
								{item === "paint" ? "Picture" : "Mask"}
							</label>
						))}
					</fieldset>
				) : null}
				{tool === "eraser" || (brushLike && layer === "mask") ? null : (
					<fieldset className="canvas-group">
						<legend>Colour</legend>
						<div className="canvas-swatches">
							{COLOURS.map((item) => (
								<label key={item.value} className="canvas-swatch" title={item.name}>
									<input
										type="radio"
										name="canvas-colour"
										value={item.value}
										checked={colour === item.value}
										onChange={() => setColour(item.value)}
										aria-label={item.name}
									/>
									<span style={{ background: item.value }} aria-hidden />
								</label>
							))}
							<label className="canvas-custom-colour" htmlFor={ids.custom}>
								<span className="sr-only">Custom colour</span>
								<input
									id={ids.custom}
									type="color"
									value={colour}
									onChange={(event) => setColour(event.target.value)}
								/>
							</label>
						</div>
					</fieldset>
				)}
				<div className="canvas-group canvas-size">
					<label htmlFor={ids.size}>{sizeLabel}</label>
					<input
						id={ids.size}
						type="range"
						min={2}
						max={80}
						value={brushSize}
						onChange={(event) => setBrushSize(Number(event.target.value))}
					/>
					<output htmlFor={ids.size}>{sizeFor(tool)} px</output>
				</div>
				{tool === "text" ? (
					<div className="canvas-group canvas-text">
						<label htmlFor={ids.text}>Text to place</label>
						<input
							id={ids.text}
							type="text"
							value={text}
							maxLength={80}
							onChange={(event) => setText(event.target.value)}
						/>
					</div>
				) : null}
				{tool === "sticker" ? (
					<fieldset className="canvas-group">
						<legend>Sticker</legend>
						<div className="canvas-stickers">
							{STICKERS.map((item) => (
								<label
									key={item.id}
									className={sticker === item.id ? "canvas-sticker canvas-sticker-on" : "canvas-sticker"}
									title={item.name}
								>
									<input
										type="radio"
										name="canvas-sticker"
										value={item.id}
										checked={sticker === item.id}
										onChange={() => setSticker(item.id)}
										aria-label={item.name}
									/>
									{item.path ? (
										<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden>
											<path d={item.path} fill="currentColor" />
										</svg>
									) : item.artwork ? (
										// biome-ignore lint/performance/noImgElement: a 20 px SVG icon; the image optimiser does not take SVG.
										<img src={item.artwork} alt="" width={20} height={20} />
									) : null}
								</label>
							))}
						</div>
					</fieldset>
				) : null}
				<div className="canvas-group canvas-history">
					<button type="button" className="button button-small" onClick={undo} disabled={actions.length === 0}>
						Undo
					</button>
					<button type="button" className="button button-small" onClick={redo} disabled={undone.length === 0}>
						Redo
					</button>
					<button type="button" className="button button-small" onClick={clear} disabled={actions.length === 0}>
						Clear
					</button>
				</div>
			</div>

			<div className="canvas-stage">
				{failed ? <p role="alert">{failed}</p> : null}
				{size ? (
					<div
						className="canvas-frame"
						// As large as the stage allows, small pictures included, keeping the picture's proportions.
						style={{ width: `min(100%, calc(${MAX_VIEW_HEIGHT} * ${size.width / size.height}))` }}
						// biome-ignore lint/a11y/noNoninteractiveTabindex: the drawing area takes the keyboard (see the help text).
						tabIndex={0}
						role="application"
						aria-label="Drawing area"
						aria-describedby={ids.help}
						onKeyDown={onCanvasKey}
						onBlur={() => stroke.current && endStroke()}
					>
						<canvas
							ref={view}
							width={size.width}
							height={size.height}
							className={`canvas-view canvas-view-${tool}`}
							onPointerDown={onPointerDown}
							onPointerMove={(event) => {
								if (stroke.current && event.buttons & 1) extendStroke(pointAt(event));
							}}
							onPointerUp={endStroke}
							onPointerCancel={endStroke}
						/>
						{cursor ? (
							<span
								className={stroke.current ? "canvas-cursor canvas-cursor-down" : "canvas-cursor"}
								aria-hidden
								style={{ left: `${(cursor.x / size.width) * 100}%`, top: `${(cursor.y / size.height) * 100}%` }}
							/>
						) : null}
					</div>
				) : failed ? null : (
					<p className="muted">Opening the picture…</p>
				)}
			</div>
			<p id={ids.help} className="small muted canvas-help">
				Draw with the mouse, a pen or a finger. From the keyboard: arrow keys move the cursor (Shift for bigger steps),
				Space puts the brush down or lifts it, Enter stamps the text or sticker; Ctrl+Z undoes, Ctrl+Shift+Z redoes.
			</p>
			<div className="canvas-actions">
				<button type="button" className="button" onClick={onCancel}>
					Cancel
				</button>
				<button type="button" className="button button-primary" onClick={finish} disabled={!size || exporting}>
					{exporting ? "Exporting…" : "Use this picture"}
				</button>
			</div>
		</div>
	);
}
