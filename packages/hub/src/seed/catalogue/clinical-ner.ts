/**
 * A token classifier for clinical notes that the hub runs itself: its weights
 * are written here from a lexicon rather than trained. Each known word carries
 * one label (a drug, a dose, how often, a condition) whatever its neighbours
 * say; transformers.js joins neighbouring words of one label into an entity.
 * It is a lookup table in a model's clothes, honest about it in its card, and
 * real all the same: ONNX weights and a WordPiece tokenizer run by onnxruntime.
 */
import { tokenClassifierFiles } from "@hubkit/runtime/models";
import type { SeedModel } from "../types.js";
import { DEMO_AUTHOR } from "./demo-models.js";
import { model } from "./model.js";

export const CLINICAL_NER_MODEL = `${DEMO_AUTHOR}/clinical-notes-ner`;

/** The widget's sample, and the entities it holds (the sample-answers test checks them). */
export const CLINICAL_NER_SAMPLE =
	"Started metformin 500 mg twice daily for diabetes and lisinopril 10 mg once daily for hypertension.";

const LEXICON: Record<string, string> = {
	DRUG: `metformin insulin glipizide lisinopril enalapril ramipril losartan valsartan amlodipine nifedipine
		metoprolol atenolol bisoprolol carvedilol propranolol furosemide hydrochlorothiazide spironolactone
		atorvastatin simvastatin rosuvastatin pravastatin aspirin clopidogrel warfarin apixaban rivaroxaban heparin
		paracetamol acetaminophen ibuprofen naproxen diclofenac morphine oxycodone tramadol codeine
		amoxicillin penicillin doxycycline azithromycin ciprofloxacin cephalexin clindamycin vancomycin
		omeprazole pantoprazole ranitidine levothyroxine prednisone prednisolone dexamethasone hydrocortisone
		salbutamol albuterol fluticasone budesonide montelukast sertraline fluoxetine citalopram escitalopram
		amitriptyline gabapentin pregabalin levetiracetam lamotrigine lorazepam diazepam zolpidem allopurinol`,
	DOSE: `mg mcg µg g ml units unit iu tablet tablets capsule capsules puff puffs drop drops`,
	FREQUENCY: `daily once twice thrice nightly weekly monthly hourly bid tid qid qd prn`,
	CONDITION: `diabetes hypertension hypotension asthma copd pneumonia bronchitis sepsis anemia anaemia
		arthritis osteoarthritis gout migraine epilepsy depression anxiety insomnia hypothyroidism hyperthyroidism
		hyperlipidemia hypercholesterolemia angina arrhythmia fibrillation infection cellulitis dermatitis eczema
		psoriasis cancer stroke obesity reflux gastritis ulcer nausea fever cough pain headache`,
};

/** Digits are doses (as word pieces, so any number is one): "500 mg" is one DOSE entity. */
const DIGITS = [..."0123456789"];
/** Words the sample and notes like it use; they are known to the tokenizer and labelled O. */
const OTHER = `started start stop stopped continue continued increase increased reduce reduced for and or with
	then the a an of to in on at by as per day days week weeks patient history take taken given`;

const words = (list: string) => list.split(/\s+/).filter(Boolean);

export function clinicalNer(): SeedModel {
	const tags: Record<string, string> = {};
	for (const [label, list] of Object.entries(LEXICON)) for (const word of words(list)) tags[word] = label;
	for (const digit of DIGITS) {
		tags[digit] = "DOSE";
		tags[`##${digit}`] = "DOSE";
	}
	const labels = ["O", ...Object.keys(LEXICON)];
	const vocabulary = [...new Set([...Object.keys(tags), ...words(OTHER), ".", ",", ";", ":", "/", "-", "(", ")"])];
	const files = tokenClassifierFiles({ labels, vocabulary, tags });
	const record = model(
		{
			id: CLINICAL_NER_MODEL,
			task: "token-classification",
			library: "transformers.js",
			arch: "BertForTokenClassification",
			type: "bert",
			params: "2K",
			dtype: "f32",
			license: "mit",
			languages: ["en"],
			tags: ["onnx", "ner", "clinical", "tiny"],
			layout: "files",
			pop: 1,
			created: "2025-06-03",
			card: "Finds drugs (DRUG), doses (DOSE), how often a drug is taken (FREQUENCY) and conditions (CONDITION) in short clinical notes, on this hub's own CPU with no download. Its weights are written from a lexicon of about 80 common generic drug names, 50 conditions and the usual dose units, not trained: each known word has one label whatever surrounds it, and neighbouring words of one label make one entity. It misses every drug, brand name and condition outside its lexicon and knows nothing of negation (“no sign of pneumonia” still tags pneumonia). A demonstration of the task, not a tool for real notes.",
			widget: [{ text: CLINICAL_NER_SAMPLE }],
			// The runtime runs it; the loader checks that before writing the mapping (seed/seed-capability.ts).
			providers: ["hf-inference"],
		},
		files,
	);
	const config = files.find((file) => file.path === "config.json")?.content;
	record.config = JSON.parse(String(config)) as Record<string, unknown>;
	// Below compromise-entities, which stays the model a token-classification call without a model runs.
	return { ...record, downloads: 12 };
}
