import type { ModelLibraryKey } from "../libraries/catalogue.js";
import { PIPELINE_DATA, type PipelineType } from "../pipelines.js";
import { taskData as anyToAny } from "./any-to-any/data.js";
import { taskData as audioClassification } from "./audio-classification/data.js";
import { taskData as audioToAudio } from "./audio-to-audio/data.js";
import { taskData as automaticSpeechRecognition } from "./automatic-speech-recognition/data.js";
import { taskData as depthEstimation } from "./depth-estimation/data.js";
import { taskData as documentQuestionAnswering } from "./document-question-answering/data.js";
import { taskData as featureExtraction } from "./feature-extraction/data.js";
import { taskData as fillMask } from "./fill-mask/data.js";
import { taskData as graphMl } from "./graph-ml/data.js";
import { taskData as imageClassification } from "./image-classification/data.js";
import { taskData as imageFeatureExtraction } from "./image-feature-extraction/data.js";
import { taskData as imageSegmentation } from "./image-segmentation/data.js";
import { taskData as imageTextToImage } from "./image-text-to-image/data.js";
import { taskData as imageTextToText } from "./image-text-to-text/data.js";
import { taskData as imageTextToVideo } from "./image-text-to-video/data.js";
import { taskData as imageTo3d } from "./image-to-3d/data.js";
import { taskData as imageToImage } from "./image-to-image/data.js";
import { taskData as imageToText } from "./image-to-text/data.js";
import { taskData as imageToVideo } from "./image-to-video/data.js";
import { taskData as keypointDetection } from "./keypoint-detection/data.js";
import { taskData as maskGeneration } from "./mask-generation/data.js";
import { taskData as multipleChoice } from "./multiple-choice/data.js";
import { taskData as objectDetection } from "./object-detection/data.js";
import { taskData as questionAnswering } from "./question-answering/data.js";
import { taskData as reinforcementLearning } from "./reinforcement-learning/data.js";
import { taskData as robotics } from "./robotics/data.js";
import { taskData as sentenceSimilarity } from "./sentence-similarity/data.js";
import { taskData as summarization } from "./summarization/data.js";
import { taskData as tableQuestionAnswering } from "./table-question-answering/data.js";
import { taskData as tableToText } from "./table-to-text/data.js";
import { taskData as tabularClassification } from "./tabular-classification/data.js";
import { taskData as tabularRegression } from "./tabular-regression/data.js";
import { taskData as tabularToText } from "./tabular-to-text/data.js";
import { taskData as textClassification } from "./text-classification/data.js";
import { taskData as textGeneration } from "./text-generation/data.js";
import { taskData as textRanking } from "./text-ranking/data.js";
import { taskData as textRetrieval } from "./text-retrieval/data.js";
import { taskData as textTo3d } from "./text-to-3d/data.js";
import { taskData as textToAudio } from "./text-to-audio/data.js";
import { taskData as textToImage } from "./text-to-image/data.js";
import { taskData as textToSpeech } from "./text-to-speech/data.js";
import { taskData as textToVideo } from "./text-to-video/data.js";
import { taskData as text2textGeneration } from "./text2text-generation/data.js";
import { taskData as timeSeriesForecasting } from "./time-series-forecasting/data.js";
import { taskData as tokenClassification } from "./token-classification/data.js";
import { taskData as translation } from "./translation/data.js";
import type { TaskData, TaskDataCustom } from "./types.js";
import { taskData as unconditionalImageGeneration } from "./unconditional-image-generation/data.js";
import { taskData as videoClassification } from "./video-classification/data.js";
import { taskData as videoTextToText } from "./video-text-to-text/data.js";
import { taskData as videoToVideo } from "./video-to-video/data.js";
import { taskData as visualQuestionAnswering } from "./visual-question-answering/data.js";
import { taskData as voiceActivityDetection } from "./voice-activity-detection/data.js";
import { taskData as zeroShotClassification } from "./zero-shot-classification/data.js";
import { taskData as zeroShotImageClassification } from "./zero-shot-image-classification/data.js";
import { taskData as zeroShotObjectDetection } from "./zero-shot-object-detection/data.js";

/**
 * Which model libraries support each task. Typed by `PipelineType` and
 * `ModelLibraryKey`, so a new pipeline tag, or a library key missing from the
 * catalogue, fails to compile.
 */
export const TASKS_MODEL_LIBRARIES: Record<PipelineType, ModelLibraryKey[]> = {
	"token-classification": [
		"adapter-transformers",
		"flair",
		"spacy",
		"span-marker",
		"stanza",
		"transformers",
		"transformers.js",
	],
	"text-classification": ["adapter-transformers", "setfit", "spacy", "transformers", "transformers.js"],
	"zero-shot-classification": ["transformers", "transformers.js"],
	"table-question-answering": ["transformers"],
	"question-answering": ["adapter-transformers", "allennlp", "transformers", "transformers.js"],
	"fill-mask": ["transformers", "transformers.js"],
	translation: ["transformers", "transformers.js"],
	summarization: ["transformers", "transformers.js"],
	"text2text-generation": ["transformers", "transformers.js"],
	"text-generation": ["transformers", "transformers.js"],
	"table-to-text": ["transformers"],
	"multiple-choice": ["transformers"],
	"text-ranking": ["sentence-transformers", "transformers"],
	"text-retrieval": [],
	"sentence-similarity": ["sentence-transformers", "spacy", "transformers.js"],
	"feature-extraction": ["sentence-transformers", "transformers", "transformers.js"],
	"voice-activity-detection": [],
	"audio-classification": ["speechbrain", "transformers", "transformers.js"],
	"automatic-speech-recognition": ["espnet", "nemo", "speechbrain", "transformers", "transformers.js"],
	"audio-to-audio": ["asteroid", "fairseq", "speechbrain"],
	"text-to-speech": ["espnet", "tensorflowtts", "transformers", "transformers.js"],
	"text-to-audio": ["transformers", "transformers.js"],
	"image-classification": ["keras", "timm", "transformers", "transformers.js"],
	"zero-shot-image-classification": ["transformers", "transformers.js"],
	"object-detection": ["transformers", "transformers.js", "ultralytics"],
	"zero-shot-object-detection": ["transformers", "transformers.js"],
	"image-segmentation": ["transformers", "transformers.js"],
	"mask-generation": ["transformers"],
	"keypoint-detection": ["transformers"],
	"depth-estimation": ["transformers", "transformers.js"],
	"image-to-text": ["transformers", "transformers.js"],
	"text-to-image": ["diffusers"],
	"image-to-image": ["diffusers", "transformers", "transformers.js"],
	"unconditional-image-generation": ["diffusers"],
	"image-feature-extraction": ["timm", "transformers"],
	"video-classification": ["transformers"],
	"text-to-video": ["diffusers"],
	"image-to-video": ["diffusers"],
	"video-to-video": ["diffusers"],
	"text-to-3d": ["diffusers"],
	"image-to-3d": ["diffusers"],
	"document-question-answering": ["transformers", "transformers.js"],
	"visual-question-answering": ["transformers", "transformers.js"],
	"visual-document-retrieval": ["transformers"],
	"image-text-to-image": ["diffusers"],
	"image-text-to-video": ["diffusers"],
	"image-text-to-text": ["transformers"],
	"video-text-to-text": ["transformers"],
	"audio-text-to-text": ["transformers"],
	"any-to-any": ["transformers"],
	"tabular-classification": ["sklearn"],
	"tabular-regression": ["sklearn"],
	"tabular-to-text": ["transformers"],
	"time-series-forecasting": [],
	"reinforcement-learning": ["transformers", "stable-baselines3", "ml-agents", "sample-factory"],
	robotics: [],
	"graph-ml": ["transformers"],
	other: [],
};

/** A tag that exists but has no page content yet. */
const placeholder: TaskDataCustom = {
	summary: "",
	datasets: [],
	metrics: [],
	models: [],
	spaces: [],
	widgetModels: [],
	isPlaceholder: true,
	demo: { inputs: [], outputs: [] },
};

/**
 * The hand-written part of every task page. `undefined` marks a tag that
 * deliberately has no page: "other" is a catch-all bucket, not a task.
 */
const TASK_PAGES: Record<PipelineType, TaskDataCustom | undefined> = {
	"token-classification": tokenClassification,
	"text-classification": textClassification,
	"zero-shot-classification": zeroShotClassification,
	"table-question-answering": tableQuestionAnswering,
	"question-answering": questionAnswering,
	"fill-mask": fillMask,
	translation: translation,
	summarization: summarization,
	"text2text-generation": text2textGeneration,
	"text-generation": textGeneration,
	"table-to-text": tableToText,
	"multiple-choice": multipleChoice,
	"text-ranking": textRanking,
	"text-retrieval": textRetrieval,
	"sentence-similarity": sentenceSimilarity,
	"feature-extraction": featureExtraction,
	"voice-activity-detection": voiceActivityDetection,
	"audio-classification": audioClassification,
	"automatic-speech-recognition": automaticSpeechRecognition,
	"audio-to-audio": audioToAudio,
	"text-to-speech": textToSpeech,
	"text-to-audio": textToAudio,
	"image-classification": imageClassification,
	"zero-shot-image-classification": zeroShotImageClassification,
	"object-detection": objectDetection,
	"zero-shot-object-detection": zeroShotObjectDetection,
	"image-segmentation": imageSegmentation,
	"mask-generation": maskGeneration,
	"keypoint-detection": keypointDetection,
	"depth-estimation": depthEstimation,
	"image-to-text": imageToText,
	"text-to-image": textToImage,
	"image-to-image": imageToImage,
	"unconditional-image-generation": unconditionalImageGeneration,
	"image-feature-extraction": imageFeatureExtraction,
	"video-classification": videoClassification,
	"text-to-video": textToVideo,
	"image-to-video": imageToVideo,
	"video-to-video": videoToVideo,
	"text-to-3d": textTo3d,
	"image-to-3d": imageTo3d,
	"document-question-answering": documentQuestionAnswering,
	"visual-question-answering": visualQuestionAnswering,
	"visual-document-retrieval": placeholder,
	"image-text-to-image": imageTextToImage,
	"image-text-to-video": imageTextToVideo,
	"image-text-to-text": imageTextToText,
	"video-text-to-text": videoTextToText,
	"audio-text-to-text": placeholder,
	"any-to-any": anyToAny,
	"tabular-classification": tabularClassification,
	"tabular-regression": tabularRegression,
	"tabular-to-text": tabularToText,
	"time-series-forecasting": timeSeriesForecasting,
	"reinforcement-learning": reinforcementLearning,
	robotics: robotics,
	"graph-ml": graphMl,
	other: undefined,
};

function completeTaskData(id: PipelineType, custom: TaskDataCustom): TaskData {
	return { ...custom, id, label: PIPELINE_DATA[id].name, libraries: TASKS_MODEL_LIBRARIES[id] };
}

/** Every task page, keyed by pipeline tag; `undefined` where a tag has no page. */
export const TASKS_DATA = Object.fromEntries(
	Object.entries(TASK_PAGES).map(([id, custom]) => [id, custom && completeTaskData(id as PipelineType, custom)]),
) as Record<PipelineType, TaskData | undefined>;

/** The page of a pipeline tag, or `undefined` for an unknown tag or a tag without a page. */
export function getTaskData(tag: string): TaskData | undefined {
	return Object.hasOwn(TASKS_DATA, tag) ? TASKS_DATA[tag as PipelineType] : undefined;
}
