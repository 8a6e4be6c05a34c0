import { describe, expect, it } from "vitest";
import { RuntimeError } from "./errors.js";
import { pooledClassifierFiles, SPECIAL_TOKENS } from "./pooled-classifier.js";
import { WordPieceTokenizer } from "./wordpiece.js";

const VOCABULARY = ["un", "##believ", "##able", "cafe", "the", "film", "!", ",", "'", "s", "世", "界", "##s", "play"];

function tokenizerJson(overrides: Record<string, unknown> = {}, maxLength = 16): Record<string, unknown> {
	const files = pooledClassifierFiles({
		labels: ["A", "B"],
		vocabulary: VOCABULARY,
		vectors: {},
		weights: [[0, 0]],
		bias: [0, 0],
		maxLength,
	});
	const file = files.find((entry) => entry.path === "tokenizer.json");
	return { ...JSON.parse(String(file?.content)), ...overrides };
}

const tokens = [...SPECIAL_TOKENS, ...VOCABULARY];
const id = (token: string) => tokens.indexOf(token);
const [CLS, SEP, UNK] = [id("[CLS]"), id("[SEP]"), id("[UNK]")];

describe("WordPieceTokenizer", () => {
	const tokenizer = new WordPieceTokenizer(tokenizerJson());

	it("splits words greedily into the longest pieces, between [CLS] and [SEP]", () => {
		expect(tokenizer.encode("unbelievable film").ids).toEqual([
			CLS,
			id("un"),
			id("##believ"),
			id("##able"),
			id("film"),
			SEP,
		]);
	});

	it("lower-cases, strips accents and cuts punctuation into words of its own", () => {
		expect(tokenizer.encode("The CAFÉ's film!").ids).toEqual([
			CLS,
			id("the"),
			id("cafe"),
			id("'"),
			id("s"),
			id("film"),
			id("!"),
			SEP,
		]);
	});

	it("makes a word with any missing piece one unknown token", () => {
		expect(tokenizer.encode("film unbelievably").ids).toEqual([CLS, id("film"), UNK, SEP]);
	});

	it("treats CJK characters as words and control characters as nothing", () => {
		expect(tokenizer.encode("世界\u0000\tplays").ids).toEqual([CLS, id("世"), id("界"), id("play"), id("##s"), SEP]);
	});

	it("keeps special tokens written in the text as themselves", () => {
		expect(tokenizer.encode("the [MASK] film").ids).toEqual([CLS, id("the"), id("[MASK]"), id("film"), SEP]);
	});

	it("truncates to the maximum length, [SEP] kept", () => {
		const short = new WordPieceTokenizer(tokenizerJson({}, 4));
		expect(short.maxLength).toBe(4);
		expect(short.encode("the film the film the film").ids).toEqual([CLS, id("the"), id("film"), SEP]);
	});

	it("encodes empty and whitespace-only text as the special tokens alone", () => {
		expect(tokenizer.encode("").ids).toEqual([CLS, SEP]);
		expect(tokenizer.encode(" \n\t ").ids).toEqual([CLS, SEP]);
		expect(tokenizer.padId).toBe(id("[PAD]"));
	});

	it("refuses tokenizer models and parts it does not implement, by name", () => {
		const bpe = { ...tokenizerJson(), model: { type: "BPE", vocab: {}, merges: [] } };
		expect(() => new WordPieceTokenizer(bpe)).toThrow(RuntimeError);
		expect(() => new WordPieceTokenizer(bpe)).toThrow(/BPE tokenizer model is not supported/);
		expect(() => new WordPieceTokenizer(tokenizerJson({ pre_tokenizer: { type: "Metaspace" } }))).toThrow(
			/pre-tokenizer Metaspace/,
		);
		expect(() => new WordPieceTokenizer("not json")).toThrow(/no model/);
	});
});
