import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python, sampleText } from "./common.js";

/** OuteTTS: the model and tokenizer of this repository behind the OuteTTS interface (transformers backend). */
export function snippets(model: ModelData): LibrarySnippet[] {
	const id = pyString(model.id);
	const text = sampleText(model, model.pipeline_tag ?? "text-to-speech");
	// Prompt format: V1 for OuteTTS 0.2, V2 for 0.3, V3 for 1.0 and later.
	const version = /OuteTTS-0\.2/i.test(model.id) ? "V1" : /OuteTTS-0\.3/i.test(model.id) ? "V2" : "V3";
	return [
		python(
			`import outetts

interface = outetts.Interface(
    config=outetts.ModelConfig(
        model_path=${id},
        tokenizer_path=${id},
        interface_version=outetts.InterfaceVersion.${version},
        backend=outetts.Backend.HF,
    )
)
speaker = interface.load_default_speaker("EN-FEMALE-1-NEUTRAL")
output = interface.generate(config=outetts.GenerationConfig(text=${pyString(text)}, speaker=speaker))
output.save("output.wav")  # at the audio codec's own sampling rate`,
		),
	];
}
