import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { fileNames, pyString, python } from "./common.js";

const DEFAULT_TEXT = "Welcome aboard. The next stop is Central Station.";

/** The repository's PyTorch checkpoints for the AR and NAR models, when it has both. */
function checkpoints(model: ModelData): { ar: string; nar: string } | undefined {
	const pt = fileNames(model).filter((name) => name.endsWith(".pt"));
	const nar = pt.find((name) => /nar/i.test(name));
	const ar = pt.find((name) => name !== nar && /(^|[^n])ar/i.test(name));
	return ar && nar ? { ar, nar } : undefined;
}

/** MARS5-TTS: load through torch.hub, then clone the voice of a reference recording. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const files = checkpoints(model);
	const text =
		model.widgetData?.find((example) => typeof example.text === "string" && example.text)?.text ?? DEFAULT_TEXT;
	const imports = files
		? "import librosa\nimport torch\nimport torchaudio\nfrom huggingface_hub import hf_hub_download"
		: "import librosa\nimport torch\nimport torchaudio";
	const load = files
		? `ar_path = hf_hub_download(repo_id=${pyString(model.id)}, filename=${pyString(files.ar)})
nar_path = hf_hub_download(repo_id=${pyString(model.id)}, filename=${pyString(files.nar)})
mars5, config_class = torch.hub.load(
    "Camb-ai/mars5-tts", "mars5_english", trust_repo=True, ar_path=ar_path, nar_path=nar_path
)`
		: `# torch.hub fetches the code and the published MARS5 English checkpoints
mars5, config_class = torch.hub.load("Camb-ai/mars5-tts", "mars5_english", trust_repo=True)`;
	return [
		python(
			`${imports}

${load}

# A 1-12 second recording of the voice to clone, and what it says
wav, sr = librosa.load("reference.wav", sr=mars5.sr, mono=True)
wav = torch.from_numpy(wav)
ref_transcript = "Transcript of the reference recording."

cfg = config_class(deep_clone=True, rep_penalty_window=100, top_k=100, temperature=0.7, freq_penalty=3)
ar_codes, output_audio = mars5.tts(${pyString(text)}, wav, ref_transcript, cfg=cfg)

# MARS5 fixes its own sample rate (mars5.sr)
torchaudio.save("output.wav", output_audio.unsqueeze(0).cpu(), mars5.sr)`,
		),
	];
}
