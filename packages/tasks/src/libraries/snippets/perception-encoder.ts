import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { explain, pyString, python } from "./common.js";

/** The configuration name: the repository name (PE-Core-L14-336, pe-av-large …). */
function configName(model: ModelData): string {
	const parts = model.id.split("/");
	return parts[parts.length - 1] ?? model.id;
}

/** Perception Encoder: load the checkpoint by its configuration name and embed inputs. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const name = configName(model);
	const config = pyString(name);
	if (/^pe-core-/i.test(name)) {
		return [
			python(
				`import torch
from PIL import Image
import core.vision_encoder.pe as pe
import core.vision_encoder.transforms as transforms

model = pe.CLIP.from_config(${config}, pretrained=True).eval()
preprocess = transforms.get_image_transform(model.image_size)
tokenizer = transforms.get_text_tokenizer(model.context_length)

image = preprocess(Image.open("image.jpg")).unsqueeze(0)
text = tokenizer(["a diagram", "a dog", "a cat"])
with torch.no_grad():
    image_features, text_features, logit_scale = model(image, text)
    probs = (logit_scale * image_features @ text_features.T).softmax(dim=-1)
print(probs)`,
			),
		];
	}
	if (/^pe-(lang|spatial)-/i.test(name)) {
		return [
			python(
				`import torch
from PIL import Image
import core.vision_encoder.pe as pe
import core.vision_encoder.transforms as transforms

model = pe.VisionTransformer.from_config(${config}, pretrained=True).eval()
preprocess = transforms.get_image_transform(model.image_size)

image = preprocess(Image.open("image.jpg")).unsqueeze(0)
with torch.no_grad():
    features = model(image)
print(features.shape)`,
			),
		];
	}
	if (/^pe-av-/i.test(name)) {
		return [
			python(
				`import torch
from core.audio_visual_encoder import PEAudioVisual, PEAudioVisualTransform

model = PEAudioVisual.from_config(${config}, pretrained=True).eval()
transform = PEAudioVisualTransform.from_config(${config})

inputs = transform(videos=["video.mp4"], text=["a dog barking in a park"])
with torch.inference_mode():
    outputs = model(**inputs)
print(outputs.visual_embeds.shape)`,
			),
		];
	}
	if (/^pe-a-frame-/i.test(name)) {
		return [
			python(
				`import torch
from core.audio_visual_encoder import PEAudioFrame, PEAudioFrameTransform

model = PEAudioFrame.from_config(${config}, pretrained=True).eval()
transform = PEAudioFrameTransform.from_config(${config})

inputs = transform(audio=["audio.wav"], text=["a person talking"])
with torch.inference_mode():
    outputs = model(**inputs)
print(outputs.spans)`,
			),
		];
	}
	return [explain("Type of model unknown")];
}
