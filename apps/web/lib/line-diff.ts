/**
 * A line diff of two texts by their longest common subsequence: every line of the old text is
 * kept or deleted, every line of the new one kept or added, in order. Quadratic in lines, so the
 * caller keeps texts small (a commit page diffs files up to a few thousand lines); unchanged
 * lines far from any change are folded into gaps, as people read diffs.
 */
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
	// Common head and tail first: most edits touch a few lines, and the table then stays small.
	let head = 0;
	while (head < a.length && head < b.length && a[head] === b[head]) head++;
	let tail = 0;
	while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
	const midA = a.slice(head, a.length - tail);
	const midB = b.slice(head, b.length - tail);
	// lengths[i][j]: the LCS length of midA[i…] and midB[j…], one flat array.
	const width = midB.length + 1;
	const lengths = new Uint32Array((midA.length + 1) * width);
	for (let i = midA.length - 1; i >= 0; i--) {
		for (let j = midB.length - 1; j >= 0; j--) {
			lengths[i * width + j] =
				midA[i] === midB[j]
					? (lengths[(i + 1) * width + j + 1] ?? 0) + 1
					: Math.max(lengths[(i + 1) * width + j] ?? 0, lengths[i * width + j + 1] ?? 0);
		}
	}
	const out: DiffLine[] = [];
	for (let k = 0; k < head; k++) out.push({ kind: "same", text: a[k] ?? "", oldNumber: k + 1, newNumber: k + 1 });
	let i = 0;
	let j = 0;
	while (i < midA.length || j < midB.length) {
		if (i < midA.length && j < midB.length && midA[i] === midB[j]) {
			out.push({ kind: "same", text: midA[i] ?? "", oldNumber: head + i + 1, newNumber: head + j + 1 });
			i++;
			j++;
		} else if (
			i < midA.length &&
			(j >= midB.length || (lengths[(i + 1) * width + j] ?? 0) >= (lengths[i * width + j + 1] ?? 0))
		) {
			// Deletions before additions where either order keeps the LCS, as diffs are read.
			out.push({ kind: "del", text: midA[i] ?? "", oldNumber: head + i + 1 });
			i++;
		} else {
			out.push({ kind: "add", text: midB[j] ?? "", newNumber: head + j + 1 });
			j++;
		}
	}
	for (let k = 0; k < tail; k++) {
		const oldIndex = a.length - tail + k;
		const newIndex = b.length - tail + k;
		out.push({ kind: "same", text: a[oldIndex] ?? "", oldNumber: oldIndex + 1, newNumber: newIndex + 1 });
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
