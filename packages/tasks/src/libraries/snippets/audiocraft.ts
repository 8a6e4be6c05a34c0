import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { explain, hasTag, pyString, python, pyValue } from "./common.js";

/** The descriptions to generate from: the card's widget text when it has one, else our own. */
function descriptions(model: ModelData, fallback: string[]): string {
	const fromWidget = model.widgetData?.find((example) => typeof example.text === "string" && example.text)?.text;
	return pyValue(fromWidget ? [fromWidget] : fallback);
}

/** One AudioCraft model family: its class, how long it generates by default, and sample prompts. */
interface Family {
	tag: string;
	className: string;
	/** Seconds; families without it keep their own default length. */
	duration?: number;
	prompts: string[];
}

const FAMILIES: Family[] = [
	{
		tag: "musicgen",
		className: "MusicGen",
		duration: 8,
		prompts: ["upbeat acoustic guitar with hand claps", "slow ambient synth pads"],
	},
	{
		tag: "audiogen",
		className: "AudioGen",
		duration: 5,
		prompts: ["a dog barking in the distance", "rain falling on a tin roof"],
	},
	{
		tag: "magnet",
		className: "MAGNeT",
		prompts: ["funky bass line with tight drums", "calm piano over soft strings"],
	},
];

function familySnippet(model: ModelData, family: Family): LibrarySnippet {
	const duration =
		family.duration === undefined ? "" : `model.set_generation_params(duration=${family.duration})  # seconds\n`;
	return python(
		`from audiocraft.data.audio import audio_write
from audiocraft.models import ${family.className}

model = ${family.className}.get_pretrained(${pyString(model.id)})
${duration}
descriptions = ${descriptions(model, family.prompts)}
wav = model.generate(descriptions)

for index, one_wav in enumerate(wav):
    audio_write("${family.tag}_" + str(index), one_wav.cpu(), model.sample_rate, strategy="loudness")`,
		family.className,
	);
}

/** AudioCraft: one snippet per model family the model is tagged with. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const out = FAMILIES.filter((family) => hasTag(model, family.tag)).map((family) => familySnippet(model, family));
	return out.length > 0 ? out : [explain("Type of model unknown.")];
}
