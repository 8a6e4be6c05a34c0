/**
 * A line diff of two texts (npm `diff`, Myers' algorithm): every line of the old text is kept
 * or deleted, every line of the new one kept or added, in order, deletions before additions
 * within a change. The caller keeps texts small (a commit page diffs files up to 256 KB);
 * unchanged lines far from any change are folded into gaps, as people read diffs.
 */
import { diffArrays } from "diff";

export type DiffLine =
	| { kind: "same" | "add" | "del"; text: string; oldNumber?: number; newNumber?: number }
	| { kind: "gap"; count: number };

/** Lines without the final newline's empty tail. */
function linesOf(text: string): string[] {
	if (text === "") return [];
	const lines = text.split("\n");
	if (lines.at(-1) === "") lines.pop();
	return lines;
}

export function lineDiff(before: string, after: string): DiffLine[] {
	const a = linesOf(before);
	const b = linesOf(after);
	// Common head and tail stay whole, so a change is shown where it was made.
	let head = 0;
	while (head < a.length && head < b.length && a[head] === b[head]) head++;
	let tail = 0;
	while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
	const parts = [
		{ value: a.slice(0, head) },
		...diffArrays(a.slice(head, a.length - tail), b.slice(head, b.length - tail)),
		{ value: a.slice(a.length - tail) },
	];
	const out: DiffLine[] = [];
	let oldNumber = 1;
	let newNumber = 1;
	for (const part of parts) {
		for (const text of part.value) {
			if ("removed" in part && part.removed) out.push({ kind: "del", text, oldNumber: oldNumber++ });
			else if ("added" in part && part.added) out.push({ kind: "add", text, newNumber: newNumber++ });
			else out.push({ kind: "same", text, oldNumber: oldNumber++, newNumber: newNumber++ });
		}
	}
	return foldUnchanged(out, 3);
}

/** Runs of unchanged lines more than `context` lines away from a change become one gap. */
function foldUnchanged(lines: DiffLine[], context: number): DiffLine[] {
	const changed = lines.map((line) => line.kind === "add" || line.kind === "del");
	const near = (index: number) => {
		for (let k = Math.max(0, index - context); k <= Math.min(lines.length - 1, index + context); k++) {
			if (changed[k]) return true;
		}
		return false;
	};
	const out: DiffLine[] = [];
	for (const [index, line] of lines.entries()) {
		if (line.kind !== "same" || near(index)) {
			out.push(line);
			continue;
		}
		const last = out.at(-1);
		if (last?.kind === "gap") last.count++;
		else out.push({ kind: "gap", count: 1 });
	}
	return out;
}
