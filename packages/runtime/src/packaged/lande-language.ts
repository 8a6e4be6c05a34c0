/**
 * Language identification with lande: a small neural network over character
 * trigrams, its weights inside the package, telling 50 languages apart. Labels
 * are ISO 639-3 codes (eng, fra, deu …); scores are the network's probabilities.
 */
import type { PackagedClassifier } from "./text-packages.js";

/** Every language lande tells apart (its answer lists them all). */
export const LANDE_LANGUAGES = [
	"afr",
	"ara",
	"aze",
	"bel",
	"ben",
	"bul",
	"cat",
	"ces",
	"ckb",
	"cmn",
	"dan",
	"deu",
	"ell",
	"eng",
	"est",
	"eus",
	"fin",
	"fra",
	"hau",
	"heb",
	"hin",
	"hrv",
	"hun",
	"hye",
	"ind",
	"isl",
	"ita",
	"jpn",
	"kat",
	"kaz",
	"kor",
	"lit",
	"mar",
	"mkd",
	"nld",
	"nob",
	"pes",
	"pol",
	"por",
	"ron",
	"run",
	"rus",
	"slk",
	"spa",
	"srp",
	"swe",
	"tgl",
	"tur",
	"ukr",
	"vie",
] as const;

export const landeLanguage: PackagedClassifier = {
	task: "text-classification",
	packages: ["lande"],
	labels: LANDE_LANGUAGES,
	async load() {
		const { default: lande } = await import("lande");
		return (text) => lande(text).map(([label, score]) => ({ label, score }));
	},
};
