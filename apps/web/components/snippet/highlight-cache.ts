/**
 * The two small pieces of highlighting that are not Shiki: the key a block's
 * HTML travels under (a hash of the code, so the code is not sent twice), and a
 * bounded cache of highlighted code keyed by grammar and code — the only inputs
 * that change the output (the palette is fixed at build time).
 */

/** A 53-bit hash of `text` as base-36 (cyrb53): short, and collisions are negligible for a page's blocks. */
export function codeKey(text: string): string {
	let h1 = 0xdeadbeef;
	let h2 = 0x41c6ce57;
	for (let index = 0; index < text.length; index++) {
		const char = text.charCodeAt(index);
		h1 = Math.imul(h1 ^ char, 2654435761);
		h2 = Math.imul(h2 ^ char, 1597334677);
	}
	h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
	h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
	return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** Least recently used entries go first once `limit` is reached. */
export class HighlightCache {
	readonly #entries = new Map<string, string>();
	readonly #limit: number;

	constructor(limit: number) {
		this.#limit = limit;
	}

	#key(grammar: string, code: string): string {
		return `${grammar}\u0000${code}`;
	}

	get(grammar: string, code: string): string | undefined {
		const key = this.#key(grammar, code);
		const html = this.#entries.get(key);
		if (html !== undefined) {
			// Refresh: a hit moves to the young end.
			this.#entries.delete(key);
			this.#entries.set(key, html);
		}
		return html;
	}

	set(grammar: string, code: string, html: string): void {
		const key = this.#key(grammar, code);
		this.#entries.delete(key);
		this.#entries.set(key, html);
		while (this.#entries.size > this.#limit) {
			const oldest = this.#entries.keys().next().value;
			if (oldest === undefined) break;
			this.#entries.delete(oldest);
		}
	}

	get size(): number {
		return this.#entries.size;
	}
}
