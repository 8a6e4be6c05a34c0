import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { fileNames, pyString, python, sampleText } from "./common.js";

/** Vui: a checkpoint from this repository, rendered through the library's own codec. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const files = fileNames(model).filter((name) => name.endsWith(".pt"));
	const checkpoint = files.find((name) => /base/i.test(name)) ?? files[0] ?? "vui-100m-base.pt";
	const text = sampleText(model, model.pipeline_tag ?? "text-to-speech");
	return [
		python(
			`import torchaudio
from huggingface_hub import hf_hub_download
from vui.inference import render
from vui.model import Vui

checkpoint = hf_hub_download(repo_id=${pyString(model.id)}, filename=${pyString(checkpoint)})
model = Vui.from_pretrained(checkpoint).cuda()
waveform = render(model, ${pyString(text)})
# Vui's Fluac codec decodes at a fixed 22050 Hz
torchaudio.save("output.wav", waveform[0].cpu(), 22050)`,
		),
	];
}
