/**
 * What the canvas editor draws, as a list of actions on two layers over the
 * picture: "paint" (brush, text, stickers: part of the exported picture) and
 * "mask" (the area an inpainting model should redo, exported on its own).
 * Undo and redo replay the list, so history costs a few points per stroke
 * rather than a copy of the pixels per step.
 */
import { STICKERS } from "./palette";
import { stickerArtwork } from "./sticker-artwork";

export type Layer = "paint" | "mask";

export interface Point {
	x: number;
	y: number;
}

export type Action =
	| { type: "stroke"; layer: Layer; erase: boolean; colour: string; size: number; points: Point[] }
	| { type: "text"; text: string; at: Point; colour: string; size: number }
	| { type: "sticker"; sticker: string; at: Point; colour: string; size: number }
	| { type: "clear" };

export interface Layers {
	paint: CanvasRenderingContext2D;
	mask: CanvasRenderingContext2D;
}

/** The mask is kept in one opaque colour and shown see-through over the picture. */
export const MASK_COLOUR = "#ff2d55";
const MASK_OPACITY = 0.45;

const STICKER_PATHS = new Map<string, Path2D>();

function stickerPath(path: string): Path2D {
	let cached = STICKER_PATHS.get(path);
	if (!cached) {
		cached = new Path2D(path);
		STICKER_PATHS.set(path, cached);
	}
	return cached;
}

/** One stretch of a stroke, from `from` to `to` (the same point for a dot). */
export function drawSegment(
	context: CanvasRenderingContext2D,
	stroke: Extract<Action, { type: "stroke" }>,
	from: Point,
	to: Point,
) {
	context.save();
	context.globalCompositeOperation = stroke.erase ? "destination-out" : "source-over";
	context.strokeStyle = stroke.layer === "mask" ? MASK_COLOUR : stroke.colour;
	context.fillStyle = context.strokeStyle;
	context.lineWidth = stroke.size;
	context.lineCap = "round";
	context.lineJoin = "round";
	if (from.x === to.x && from.y === to.y) {
		context.beginPath();
		context.arc(from.x, from.y, stroke.size / 2, 0, Math.PI * 2);
		context.fill();
	} else {
		context.beginPath();
		context.moveTo(from.x, from.y);
		context.lineTo(to.x, to.y);
		context.stroke();
	}
	context.restore();
}

/** A readable outline for text: dark around light colours, light around dark ones. */
function outlineFor(colour: string): string {
	const value = Number.parseInt(colour.slice(1), 16);
	const light = ((value >> 16) & 255) * 0.299 + ((value >> 8) & 255) * 0.587 + (value & 255) * 0.114 > 150;
	return light ? "rgba(0, 0, 0, 0.55)" : "rgba(255, 255, 255, 0.75)";
}

export function drawAction(layers: Layers, action: Action) {
	switch (action.type) {
		case "stroke": {
			const context = layers[action.layer];
			const [first, ...rest] = action.points;
			if (!first) return;
			let previous = first;
			drawSegment(context, action, first, first);
			for (const point of rest) {
				drawSegment(context, action, previous, point);
				previous = point;
			}
			return;
		}
		case "text": {
			const context = layers.paint;
			context.save();
			context.font = `600 ${action.size}px ui-sans-serif, system-ui, sans-serif`;
			context.textAlign = "center";
			context.textBaseline = "middle";
			context.lineJoin = "round";
			context.lineWidth = Math.max(2, action.size / 8);
			context.strokeStyle = outlineFor(action.colour);
			context.strokeText(action.text, action.at.x, action.at.y);
			context.fillStyle = action.colour;
			context.fillText(action.text, action.at.x, action.at.y);
			context.restore();
			return;
		}
		case "sticker": {
			const sticker = STICKERS.find((item) => item.id === action.sticker);
			if (!sticker) return;
			const context = layers.paint;
			context.save();
			if (sticker.path) {
				context.translate(action.at.x - action.size / 2, action.at.y - action.size / 2);
				context.scale(action.size / 24, action.size / 24);
				context.fillStyle = action.colour;
				context.strokeStyle = outlineFor(action.colour);
				context.lineWidth = 1;
				const path = stickerPath(sticker.path);
				context.fill(path);
				context.stroke(path);
			} else if (sticker.artwork) {
				const image = stickerArtwork(sticker.artwork);
				if (image) {
					const half = action.size / 2;
					context.drawImage(image, action.at.x - half, action.at.y - half, action.size, action.size);
				}
			}
			context.restore();
			return;
		}
		case "clear":
			for (const context of [layers.paint, layers.mask]) {
				context.clearRect(0, 0, context.canvas.width, context.canvas.height);
			}
			return;
	}
}

/** Both layers from nothing: what undo and redo show. */
export function replay(layers: Layers, actions: readonly Action[]) {
	for (const context of [layers.paint, layers.mask])
		context.clearRect(0, 0, context.canvas.width, context.canvas.height);
	for (const action of actions) drawAction(layers, action);
}

/** What the editor shows: the picture, the paint, and the mask see-through on top. */
export function compose(view: CanvasRenderingContext2D, base: CanvasImageSource, layers: Layers) {
	const { width, height } = view.canvas;
	view.clearRect(0, 0, width, height);
	view.drawImage(base, 0, 0, width, height);
	view.drawImage(layers.paint.canvas, 0, 0);
	view.save();
	view.globalAlpha = MASK_OPACITY;
	view.drawImage(layers.mask.canvas, 0, 0);
	view.restore();
}

function canvasOf(width: number, height: number): [HTMLCanvasElement, CanvasRenderingContext2D] {
	const canvas = document.createElement("canvas");
	canvas.width = width;
	canvas.height = height;
	const context = canvas.getContext("2d");
	if (!context) throw new Error("This browser cannot draw on a canvas");
	return [canvas, context];
}

function toPng(canvas: HTMLCanvasElement): Promise<Blob> {
	return new Promise((resolve, reject) => {
		canvas.toBlob(
			(blob) => (blob ? resolve(blob) : reject(new Error("The picture could not be encoded"))),
			"image/png",
		);
	});
}

/** The picture with its paint, as a PNG (the mask is not part of it). */
export function exportPicture(base: CanvasImageSource, layers: Layers): Promise<Blob> {
	const { width, height } = layers.paint.canvas;
	const [canvas, context] = canvasOf(width, height);
	context.drawImage(base, 0, 0, width, height);
	context.drawImage(layers.paint.canvas, 0, 0);
	return toPng(canvas);
}

/** The mask as inpainting models take it: white where painted, black elsewhere. */
export function exportMask(layers: Layers): Promise<Blob> {
	const { width, height } = layers.mask.canvas;
	const [canvas, context] = canvasOf(width, height);
	context.drawImage(layers.mask.canvas, 0, 0);
	context.globalCompositeOperation = "source-in";
	context.fillStyle = "#ffffff";
	context.fillRect(0, 0, width, height);
	context.globalCompositeOperation = "destination-over";
	context.fillStyle = "#000000";
	context.fillRect(0, 0, width, height);
	return toPng(canvas);
}

export function newLayer(width: number, height: number): CanvasRenderingContext2D {
	return canvasOf(width, height)[1];
}

/** Whether any action leaves something on the mask. */
export function hasMask(actions: readonly Action[]): boolean {
	let marked = false;
	for (const action of actions) {
		if (action.type === "clear") marked = false;
		else if (action.type === "stroke" && action.layer === "mask" && !action.erase) marked = true;
	}
	return marked;
}
