/**
 * `hubkit mirror --include/--exclude`: shell-style patterns matched on a file's whole path, as
 * huggingface_hub's `allow_patterns`/`ignore_patterns` match them (Python's fnmatch): `*` is any
 * run of characters, `/` included; `?` one character; `[abc]`, `[a-z]` and `[!abc]` a set; a
 * pattern ending in `/` is a folder and everything under it. A path is wanted when it matches an
 * include pattern (or there are none) and no exclude pattern.
 */

/** The matcher of one pattern. */
export function pathPattern(pattern: string): RegExp {
	const glob = pattern.endsWith("/") ? `${pattern}*` : pattern;
	let source = "";
	for (let index = 0; index < glob.length; index++) {
		const char = glob[index] as string;
		if (char === "*") source += "[\\s\\S]*";
		else if (char === "?") source += "[\\s\\S]";
		else if (char === "[") {
			const close = glob.indexOf("]", index + (glob[index + 1] === "!" ? 3 : 2));
			if (close === -1) {
				source += "\\[";
				continue;
			}
			let set = glob.slice(index + 1, close);
			const negated = set.startsWith("!");
			if (negated) set = set.slice(1);
			source += `[${negated ? "^" : ""}${set.replace(/[\\\]^]/g, "\\$&")}]`;
			index = close;
		} else source += char.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
	}
	return new RegExp(`^${source}$`);
}

/** Whether a path is wanted by the include and exclude patterns. */
export function pathFilter(include: readonly string[], exclude: readonly string[]): (path: string) => boolean {
	const included = include.map(pathPattern);
	const excluded = exclude.map(pathPattern);
	return (path) =>
		(included.length === 0 || included.some((pattern) => pattern.test(path))) &&
		!excluded.some((pattern) => pattern.test(path));
}
