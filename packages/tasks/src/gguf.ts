/**
 * GGUF quantisation types. Numbers are facts of the GGUF file format (see
 * reference/gguf.json); they must never be renumbered.
 */

/** Tensor data types as stored in a GGUF tensor-info record. */
export enum GGMLQuantizationType {
	F32 = 0,
	F16 = 1,
	Q4_0 = 2,
	Q4_1 = 3,
	Q5_0 = 6,
	Q5_1 = 7,
	Q8_0 = 8,
	Q8_1 = 9,
	Q2_K = 10,
	Q3_K = 11,
	Q4_K = 12,
	Q5_K = 13,
	Q6_K = 14,
	Q8_K = 15,
	IQ2_XXS = 16,
	IQ2_XS = 17,
	IQ3_XXS = 18,
	IQ1_S = 19,
	IQ4_NL = 20,
	IQ3_S = 21,
	IQ2_S = 22,
	IQ4_XS = 23,
	I8 = 24,
	I16 = 25,
	I32 = 26,
	I64 = 27,
	F64 = 28,
	IQ1_M = 29,
	BF16 = 30,
	TQ1_0 = 34,
	TQ2_0 = 35,
	MXFP4 = 39,
	NVFP4 = 40,
	Q1_0 = 41,
	Q2_0 = 42,
}

/**
 * Whole-file quantisation labels (`general.file_type`), which are also the
 * labels people put in GGUF file names. Values of 1000 and up are labels that
 * only ever appear in names, never in the file's metadata.
 */
export enum GGMLFileQuantizationType {
	F32 = 0,
	F16 = 1,
	Q4_0 = 2,
	Q4_1 = 3,
	Q4_1_SOME_F16 = 4,
	Q4_2 = 5,
	Q4_3 = 6,
	Q8_0 = 7,
	Q5_0 = 8,
	Q5_1 = 9,
	Q2_K = 10,
	Q3_K_S = 11,
	Q3_K_M = 12,
	Q3_K_L = 13,
	Q4_K_S = 14,
	Q4_K_M = 15,
	Q5_K_S = 16,
	Q5_K_M = 17,
	Q6_K = 18,
	IQ2_XXS = 19,
	IQ2_XS = 20,
	Q2_K_S = 21,
	IQ3_XS = 22,
	IQ3_XXS = 23,
	IQ1_S = 24,
	IQ4_NL = 25,
	IQ3_S = 26,
	IQ3_M = 27,
	IQ2_S = 28,
	IQ2_M = 29,
	IQ4_XS = 30,
	IQ1_M = 31,
	BF16 = 32,
	Q4_0_4_4 = 33,
	Q4_0_4_8 = 34,
	Q4_0_8_8 = 35,
	TQ1_0 = 36,
	TQ2_0 = 37,
	MXFP4_MOE = 38,
	NVFP4 = 39,
	Q1_0 = 40,
	Q2_0 = 41,
	Q2_K_XL = 1000,
	Q3_K_XL = 1001,
	Q4_K_XL = 1002,
	Q5_K_XL = 1003,
	Q6_K_XL = 1004,
	Q8_K_XL = 1005,
}

/** File-name labels that are not file types of their own. */
const FILENAME_ONLY_LABELS = ["MXFP4"];

/** File quantisation labels from best quality (largest) to most compressed. */
export const GGUF_QUANT_ORDER: GGMLFileQuantizationType[] = [
	GGMLFileQuantizationType.F32,
	GGMLFileQuantizationType.BF16,
	GGMLFileQuantizationType.F16,
	GGMLFileQuantizationType.Q8_K_XL,
	GGMLFileQuantizationType.Q8_0,
	GGMLFileQuantizationType.Q6_K_XL,
	GGMLFileQuantizationType.Q6_K,
	GGMLFileQuantizationType.Q5_K_XL,
	GGMLFileQuantizationType.Q5_K_M,
	GGMLFileQuantizationType.Q5_K_S,
	GGMLFileQuantizationType.Q5_0,
	GGMLFileQuantizationType.Q5_1,
	GGMLFileQuantizationType.Q4_K_XL,
	GGMLFileQuantizationType.Q4_K_M,
	GGMLFileQuantizationType.Q4_K_S,
	GGMLFileQuantizationType.IQ4_NL,
	GGMLFileQuantizationType.IQ4_XS,
	GGMLFileQuantizationType.Q4_0_4_4,
	GGMLFileQuantizationType.Q4_0_4_8,
	GGMLFileQuantizationType.Q4_0_8_8,
	GGMLFileQuantizationType.Q4_1_SOME_F16,
	GGMLFileQuantizationType.Q4_0,
	GGMLFileQuantizationType.Q4_1,
	GGMLFileQuantizationType.Q4_2,
	GGMLFileQuantizationType.Q4_3,
	GGMLFileQuantizationType.MXFP4_MOE,
	GGMLFileQuantizationType.NVFP4,
	GGMLFileQuantizationType.Q3_K_XL,
	GGMLFileQuantizationType.Q3_K_L,
	GGMLFileQuantizationType.Q3_K_M,
	GGMLFileQuantizationType.Q3_K_S,
	GGMLFileQuantizationType.IQ3_M,
	GGMLFileQuantizationType.IQ3_S,
	GGMLFileQuantizationType.IQ3_XS,
	GGMLFileQuantizationType.IQ3_XXS,
	GGMLFileQuantizationType.Q2_K_XL,
	GGMLFileQuantizationType.Q2_K,
	GGMLFileQuantizationType.Q2_K_S,
	GGMLFileQuantizationType.IQ2_M,
	GGMLFileQuantizationType.IQ2_S,
	GGMLFileQuantizationType.IQ2_XS,
	GGMLFileQuantizationType.IQ2_XXS,
	GGMLFileQuantizationType.Q2_0,
	GGMLFileQuantizationType.IQ1_S,
	GGMLFileQuantizationType.IQ1_M,
	GGMLFileQuantizationType.TQ1_0,
	GGMLFileQuantizationType.TQ2_0,
	GGMLFileQuantizationType.Q1_0,
];

const fileQuantNames = Object.keys(GGMLFileQuantizationType).filter((key) => Number.isNaN(Number(key)));

/**
 * Finds quantisation labels in a (uppercased) file name. Alternatives keep the
 * enum's declaration order, so at a given position the first declared label
 * wins: "Q4_0_4_4" reads as Q4_0, as llama.cpp's own tools name it. An
 * optional "UD-" prefix (dynamic quants) and a "_XYZ" size suffix are kept.
 */
export const GGUF_QUANT_RE = new RegExp(
	`(?<prefix>UD-)?(?<quant>${[...fileQuantNames, ...FILENAME_ONLY_LABELS].join("|")})(?<sizeVariation>_[A-Z]+)?`,
);
const GGUF_QUANT_RE_GLOBAL = new RegExp(GGUF_QUANT_RE, "g");

/**
 * The quantisation label of a GGUF file name, e.g. "model-Q4_K_M.gguf" → "Q4_K_M".
 * When a name carries several labels the last one is the file's own (names such
 * as "Q2_K-base-Q6_K.gguf" describe what a file was made from first).
 * Returns `undefined` when the name has no label.
 */
export function parseGGUFQuantLabel(filename: string): string | undefined {
	const matches = filename.toUpperCase().match(GGUF_QUANT_RE_GLOBAL);
	return matches?.at(-1);
}

/**
 * The available quantisation closest to the wanted one: the wanted one itself,
 * else the best one that is smaller than it, else the smallest one that is
 * larger. `undefined` when nothing is available.
 */
export function findNearestQuantType(
	wanted: GGMLFileQuantizationType,
	available: GGMLFileQuantizationType[],
): GGMLFileQuantizationType | undefined {
	if (available.includes(wanted)) {
		return wanted;
	}
	const rank = (quant: GGMLFileQuantizationType) => GGUF_QUANT_ORDER.indexOf(quant);
	const wantedRank = rank(wanted);
	const ranked = available.filter((quant) => rank(quant) >= 0).sort((a, b) => rank(a) - rank(b));
	return ranked.find((quant) => rank(quant) > wantedRank) ?? ranked.filter((quant) => rank(quant) < wantedRank).at(-1);
}
