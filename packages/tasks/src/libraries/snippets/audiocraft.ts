import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { explain, hasTag, pyString, python, pyValue } from "./common.js";

/** The descriptions to generate from: the card's widget text when it has one, else our own. */
function descriptions(model: ModelData, fallback: string[]): string {
	const fromWidget = model.widgetData?.find((example) => typeof example.text === "string" && example.text)?.text;
	return pyValue(fromWidget ? [fromWidget] : fallback);
}

function musicgen(model: ModelData): LibrarySnippet {
	return python(
		`from audiocraft.data.audio import audio_write
from audiocraft.models import MusicGen

model = MusicGen.get_pretrained(${pyString(model.id)})
model.set_generation_params(duration=8)  # seconds

descriptions = ${descriptions(model, ["upbeat acoustic guitar with hand claps", "slow ambient synth pads"])}
wav = model.generate(descriptions)

for index, one_wav in enumerate(wav):
    audio_write("musicgen_" + str(index), one_wav.cpu(), model.sample_rate, strategy="loudness")`,
		"MusicGen",
	);
}

function audiogen(model: ModelData): LibrarySnippet {
	return python(
		`from audiocraft.data.audio import audio_write
from audiocraft.models import AudioGen

model = AudioGen.get_pretrained(${pyString(model.id)})
model.set_generation_params(duration=5)  # seconds

descriptions = ${descriptions(model, ["a dog barking in the distance", "rain falling on a tin roof"])}
wav = model.generate(descriptions)

for index, one_wav in enumerate(wav):
    audio_write("audiogen_" + str(index), one_wav.cpu(), model.sample_rate, strategy="loudness")`,
		"AudioGen",
	);
}

function magnet(model: ModelData): LibrarySnippet {
	return python(
		`from audiocraft.data.audio import audio_write
from audiocraft.models import MAGNeT

model = MAGNeT.get_pretrained(${pyString(model.id)})

descriptions = ${descriptions(model, ["funky bass line with tight drums", "calm piano over soft strings"])}
wav = model.generate(descriptions)

for index, one_wav in enumerate(wav):
    audio_write("magnet_" + str(index), one_wav.cpu(), model.sample_rate, strategy="loudness")`,
		"MAGNeT",
	);
}

/** AudioCraft: one snippet per model family the model is tagged with. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const out: LibrarySnippet[] = [];
	if (hasTag(model, "musicgen")) out.push(musicgen(model));
	if (hasTag(model, "audiogen")) out.push(audiogen(model));
	if (hasTag(model, "magnet")) out.push(magnet(model));
	return out.length > 0 ? out : [explain("Type of model unknown.")];
}
