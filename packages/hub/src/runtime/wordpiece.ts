/**
 * A WordPiece tokenizer read from a `tokenizer.json` (the format of the
 * `tokenizers` library): the BERT family's normaliser, pre-tokeniser, greedy
 * longest-match WordPiece model, `[CLS] … [SEP]` post-processing and truncation.
 * Other tokenizer models are refused with a clear error, not approximated.
 */
import { RuntimeError } from "./errors.js";

type Json = Record<string, unknown>;

export interface Encoding {
	ids: number[];
	typeIds: number[];
}

type Normalizer = (text: string) => string;
type PreTokenizer = (text: string) => string[];

const isRecord = (value: unknown): value is Json =>
	typeof value === "object" && value !== null && !Array.isArray(value);

/** Control characters other than tab, newline and carriage return; U+FFFD; NUL. */
const DROPPED = /[\p{Cc}\p{Cf}\uFFFD]/u;
const WHITESPACE = /\s/u;
/** CJK ideographs, which BERT treats as words of their own. */
const CJK =
	/[\u4E00-\u9FFF\u3400-\u4DBF\u{20000}-\u{2A6DF}\u{2A700}-\u{2B73F}\u{2B740}-\u{2B81F}\u{2B820}-\u{2CEAF}\uF900-\uFAFF\u{2F800}-\u{2FA1F}]/u;
const COMBINING_MARK = /\p{Mn}/gu;

/** ASCII symbols count as punctuation for BERT even where Unicode says otherwise (`$`, `+`, `^` …). */
function isPunctuation(char: string): boolean {
	const code = char.codePointAt(0) ?? 0;
	if (
		(code >= 33 && code <= 47) ||
		(code >= 58 && code <= 64) ||
		(code >= 91 && code <= 96) ||
		(code >= 123 && code <= 126)
	) {
		return true;
	}
	return /\p{P}/u.test(char);
}

function bertNormalizer(options: Json): Normalizer {
	const lowercase = options.lowercase !== false;
	const stripAccents =
		options.strip_accents === null || options.strip_accents === undefined ? lowercase : options.strip_accents === true;
	return (text) => {
		let out = "";
		for (const char of text) {
			if (options.clean_text !== false) {
				if (char === "\t" || char === "\n" || char === "\r") {
					out += " ";
					continue;
				}
				if (DROPPED.test(char)) continue;
				if (WHITESPACE.test(char)) {
					out += " ";
					continue;
				}
			}
			out += options.handle_chinese_chars !== false && CJK.test(char) ? ` ${char} ` : char;
		}
		if (lowercase) out = out.toLowerCase();
		if (stripAccents) out = out.normalize("NFD").replace(COMBINING_MARK, "");
		return out;
	};
}

function normalizer(spec: unknown): Normalizer {
	if (spec === null || spec === undefined) return (text) => text;
	if (!isRecord(spec)) throw new RuntimeError("unsupported", "tokenizer.json: the normalizer is not an object");
	switch (spec.type) {
		case "BertNormalizer":
			return bertNormalizer(spec);
		case "Lowercase":
			return (text) => text.toLowerCase();
		case "StripAccents":
			return (text) => text.replace(COMBINING_MARK, "");
		case "NFC":
		case "NFD":
		case "NFKC":
		case "NFKD": {
			const form = spec.type;
			return (text) => text.normalize(form);
		}
		case "Sequence": {
			const steps = (Array.isArray(spec.normalizers) ? spec.normalizers : []).map(normalizer);
			return (text) => steps.reduce((value, step) => step(value), text);
		}
		default:
			throw new RuntimeError("unsupported", `tokenizer.json: normalizer ${String(spec.type)} is not supported`);
	}
}

/** Splits on whitespace, and makes every punctuation character a word of its own. */
function bertPreTokenize(text: string): string[] {
	const words: string[] = [];
	let word = "";
	for (const char of text) {
		if (WHITESPACE.test(char)) {
			if (word) words.push(word);
			word = "";
		} else if (isPunctuation(char)) {
			if (word) words.push(word);
			words.push(char);
			word = "";
		} else {
			word += char;
		}
	}
	if (word) words.push(word);
	return words;
}

function preTokenizer(spec: unknown): PreTokenizer {
	if (spec === null || spec === undefined) return (text) => [text];
	if (!isRecord(spec)) throw new RuntimeError("unsupported", "tokenizer.json: the pre-tokenizer is not an object");
	switch (spec.type) {
		case "BertPreTokenizer":
			return bertPreTokenize;
		case "WhitespaceSplit":
			return (text) => text.split(/\s+/u).filter(Boolean);
		case "Whitespace":
			return (text) => text.match(/\w+|[^\w\s]+/gu) ?? [];
		case "Sequence": {
			const steps = (Array.isArray(spec.pretokenizers) ? spec.pretokenizers : []).map(preTokenizer);
			return (text) => steps.reduce<string[]>((words, step) => words.flatMap(step), [text]);
		}
		default:
			throw new RuntimeError("unsupported", `tokenizer.json: pre-tokenizer ${String(spec.type)} is not supported`);
	}
}

/** Token ids around the sequence: what `[CLS] $A [SEP]` (or BertProcessing) adds. */
function template(spec: unknown, vocab: Map<string, number>): { before: number[]; after: number[] } {
	const idOf = (token: string) => {
		const id = vocab.get(token);
		if (id === undefined)
			throw new RuntimeError("unsupported", `tokenizer.json: special token ${token} is not in the vocabulary`);
		return id;
	};
	if (spec === null || spec === undefined) return { before: [], after: [] };
	if (!isRecord(spec)) throw new RuntimeError("unsupported", "tokenizer.json: the post-processor is not an object");
	if (spec.type === "BertProcessing") {
		const cls = Array.isArray(spec.cls) ? spec.cls : [];
		const sep = Array.isArray(spec.sep) ? spec.sep : [];
		return { before: [Number(cls[1] ?? idOf("[CLS]"))], after: [Number(sep[1] ?? idOf("[SEP]"))] };
	}
	if (spec.type === "TemplateProcessing" && Array.isArray(spec.single)) {
		const before: number[] = [];
		const after: number[] = [];
		let seen = false;
		for (const piece of spec.single as Json[]) {
			if (isRecord(piece.Sequence)) {
				seen = true;
				continue;
			}
			const special = isRecord(piece.SpecialToken) ? String(piece.SpecialToken.id) : undefined;
			if (special === undefined) continue;
			const listed = isRecord(spec.special_tokens) ? spec.special_tokens[special] : undefined;
			const ids = isRecord(listed) && Array.isArray(listed.ids) ? listed.ids.map(Number) : [idOf(special)];
			(seen ? after : before).push(...ids);
		}
		return { before, after };
	}
	throw new RuntimeError("unsupported", `tokenizer.json: post-processor ${String(spec.type)} is not supported`);
}

export class WordPieceTokenizer {
	readonly #vocab: Map<string, number>;
	readonly #unknown: number;
	readonly #prefix: string;
	readonly #maxWordChars: number;
	readonly #normalize: Normalizer;
	readonly #preTokenize: PreTokenizer;
	readonly #template: { before: number[]; after: number[] };
	/** Added tokens matched as a whole in the raw text (`[MASK]` …), longest first. */
	readonly #added: { content: string; id: number }[];
	readonly maxLength: number;
	readonly padId: number;

	constructor(tokenizerJson: unknown, fallbackMaxLength = 512) {
		if (!isRecord(tokenizerJson) || !isRecord(tokenizerJson.model)) {
			throw new RuntimeError("unsupported", "tokenizer.json has no model");
		}
		const model = tokenizerJson.model;
		if (model.type !== "WordPiece") {
			throw new RuntimeError(
				"unsupported",
				`tokenizer.json: the ${String(model.type)} tokenizer model is not supported (WordPiece only)`,
			);
		}
		if (!isRecord(model.vocab))
			throw new RuntimeError("unsupported", "tokenizer.json: the WordPiece model has no vocab");
		this.#vocab = new Map(Object.entries(model.vocab).map(([token, id]) => [token, Number(id)]));
		const unknown = this.#vocab.get(typeof model.unk_token === "string" ? model.unk_token : "[UNK]");
		if (unknown === undefined)
			throw new RuntimeError("unsupported", "tokenizer.json: the unknown token is not in the vocabulary");
		this.#unknown = unknown;
		this.#prefix = typeof model.continuing_subword_prefix === "string" ? model.continuing_subword_prefix : "##";
		this.#maxWordChars = typeof model.max_input_chars_per_word === "number" ? model.max_input_chars_per_word : 100;
		this.#normalize = normalizer(tokenizerJson.normalizer);
		this.#preTokenize = preTokenizer(tokenizerJson.pre_tokenizer);
		this.#template = template(tokenizerJson.post_processor, this.#vocab);
		const added = Array.isArray(tokenizerJson.added_tokens) ? tokenizerJson.added_tokens.filter(isRecord) : [];
		this.#added = added
			.filter((token) => typeof token.content === "string" && token.content !== "")
			.map((token) => ({ content: token.content as string, id: Number(token.id) }))
			.sort((a, b) => b.content.length - a.content.length);
		const truncation = isRecord(tokenizerJson.truncation) ? tokenizerJson.truncation.max_length : undefined;
		this.maxLength = typeof truncation === "number" && truncation > 0 ? truncation : fallbackMaxLength;
		const padding = isRecord(tokenizerJson.padding) ? tokenizerJson.padding.pad_id : undefined;
		this.padId = typeof padding === "number" ? padding : (this.#vocab.get("[PAD]") ?? 0);
	}

	/** Ids for one text: special tokens around it, truncated to `maxLength` in all. */
	encode(text: string): Encoding {
		const room = Math.max(0, this.maxLength - this.#template.before.length - this.#template.after.length);
		const body = this.#tokenIds(text).slice(0, room);
		const ids = [...this.#template.before, ...body, ...this.#template.after];
		return { ids, typeIds: ids.map(() => 0) };
	}

	#tokenIds(text: string): number[] {
		const ids: number[] = [];
		for (const part of this.#splitAdded(text)) {
			if (typeof part === "number") ids.push(part);
			else for (const word of this.#preTokenize(this.#normalize(part))) ids.push(...this.#wordIds(word));
		}
		return ids;
	}

	/** The text cut around added tokens, which become their ids directly. */
	#splitAdded(text: string): (string | number)[] {
		if (this.#added.length === 0) return [text];
		const parts: (string | number)[] = [];
		let start = 0;
		let index = 0;
		while (index < text.length) {
			const match = this.#added.find((token) => text.startsWith(token.content, index));
			if (match) {
				if (index > start) parts.push(text.slice(start, index));
				parts.push(match.id);
				index += match.content.length;
				start = index;
			} else {
				index++;
			}
		}
		if (start < text.length) parts.push(text.slice(start));
		return parts;
	}

	/** Greedy longest match first; a word with any piece missing is one unknown token. */
	#wordIds(word: string): number[] {
		const chars = Array.from(word);
		if (chars.length > this.#maxWordChars) return [this.#unknown];
		const ids: number[] = [];
		let start = 0;
		while (start < chars.length) {
			let end = chars.length;
			let found: number | undefined;
			while (end > start) {
				const piece = chars.slice(start, end).join("");
				found = this.#vocab.get(start > 0 ? this.#prefix + piece : piece);
				if (found !== undefined) break;
				end--;
			}
			if (found === undefined) return [this.#unknown];
			ids.push(found);
			start = end;
		}
		return ids;
	}
}
