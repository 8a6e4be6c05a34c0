/** The transformers integration of a record: which Auto class loads it and which class prepares its inputs. */
import type { PipelineType } from "@hubkit/tasks";
import { PIPELINE_DATA } from "@hubkit/tasks";

export const AUTO_MODEL: Partial<Record<PipelineType, string>> = {
	"text-classification": "AutoModelForSequenceClassification",
	"token-classification": "AutoModelForTokenClassification",
	"zero-shot-classification": "AutoModelForSequenceClassification",
	"question-answering": "AutoModelForQuestionAnswering",
	"table-question-answering": "AutoModelForTableQuestionAnswering",
	"fill-mask": "AutoModelForMaskedLM",
	translation: "AutoModelForSeq2SeqLM",
	summarization: "AutoModelForSeq2SeqLM",
	"text2text-generation": "AutoModelForSeq2SeqLM",
	"text-generation": "AutoModelForCausalLM",
	"text-ranking": "AutoModelForSequenceClassification",
	"audio-classification": "AutoModelForAudioClassification",
	"automatic-speech-recognition": "AutoModelForSpeechSeq2Seq",
	"text-to-speech": "AutoModelForTextToWaveform",
	"text-to-audio": "AutoModelForTextToWaveform",
	"image-classification": "AutoModelForImageClassification",
	"zero-shot-image-classification": "AutoModelForZeroShotImageClassification",
	"object-detection": "AutoModelForObjectDetection",
	"zero-shot-object-detection": "AutoModelForZeroShotObjectDetection",
	"image-segmentation": "AutoModelForImageSegmentation",
	"mask-generation": "AutoModelForMaskGeneration",
	"keypoint-detection": "AutoModelForKeypointDetection",
	"depth-estimation": "AutoModelForDepthEstimation",
	"image-to-text": "AutoModelForVision2Seq",
	"video-classification": "AutoModelForVideoClassification",
	"document-question-answering": "AutoModelForDocumentQuestionAnswering",
	"visual-question-answering": "AutoModelForVisualQuestionAnswering",
	"image-text-to-text": "AutoModelForImageTextToText",
	"video-text-to-text": "AutoModelForImageTextToText",
};

export function defaultProcessor(task: PipelineType): string {
	const modality = PIPELINE_DATA[task].modality;
	if (task === "audio-classification") return "AutoFeatureExtractor";
	if (modality === "nlp") return "AutoTokenizer";
	if (modality === "cv") return "AutoImageProcessor";
	return "AutoProcessor";
}
