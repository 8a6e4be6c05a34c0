/**
 * Pipeline tags: the kinds of work a model does. Ids, names, modalities and
 * subtasks are facts shared with the public hub (see reference/pipelines.json);
 * colours are ours.
 *
 * Declaration order is meaningful. Tags are grouped by modality, and inside a
 * modality the more specific tag comes before the more general one (translation
 * and summarization before text2text-generation, which comes before
 * text-generation; zero-shot variants next to their closed-set siblings). Code
 * that has to pick one tag out of several a model carries walks this order and
 * takes the first hit, so the most precise description wins.
 */

export const MODALITIES = ["nlp", "audio", "cv", "multimodal", "tabular", "rl", "other"] as const;
export type Modality = (typeof MODALITIES)[number];

export const MODALITY_LABELS: Record<Modality, string> = {
	nlp: "Natural Language Processing",
	audio: "Audio",
	cv: "Computer Vision",
	multimodal: "Multimodal",
	tabular: "Tabular",
	rl: "Reinforcement Learning",
	other: "Other",
};

export const PIPELINE_COLORS = ["blue", "green", "indigo", "orange", "red", "yellow"] as const;
export type PipelineColor = (typeof PIPELINE_COLORS)[number];

export interface SubTask {
	/** Stable id of the subtask, used in tags and filters. */
	type: string;
	/** Display name. */
	name: string;
}

export interface PipelineData {
	name: string;
	modality: Modality;
	subtasks?: SubTask[];
	/** Not offered as a filter on the model listing. */
	hideInModels?: boolean;
	/** Not offered as a filter on the dataset listing. */
	hideInDatasets?: boolean;
	color: PipelineColor;
}

const pipelineData = {
	// ---- nlp ----
	"token-classification": {
		name: "Token Classification",
		modality: "nlp",
		subtasks: [
			{ type: "named-entity-recognition", name: "Named Entity Recognition" },
			{ type: "part-of-speech", name: "Part of Speech" },
			{ type: "parsing", name: "Parsing" },
			{ type: "lemmatization", name: "Lemmatization" },
			{ type: "word-sense-disambiguation", name: "Word Sense Disambiguation" },
			{ type: "coreference-resolution", name: "Coreference-resolution" },
		],
		color: "blue",
	},
	"text-classification": {
		name: "Text Classification",
		modality: "nlp",
		subtasks: [
			{ type: "acceptability-classification", name: "Acceptability Classification" },
			{ type: "entity-linking-classification", name: "Entity Linking Classification" },
			{ type: "fact-checking", name: "Fact Checking" },
			{ type: "intent-classification", name: "Intent Classification" },
			{ type: "language-identification", name: "Language Identification" },
			{ type: "multi-class-classification", name: "Multi Class Classification" },
			{ type: "multi-label-classification", name: "Multi Label Classification" },
			{ type: "multi-input-text-classification", name: "Multi-input Text Classification" },
			{ type: "natural-language-inference", name: "Natural Language Inference" },
			{ type: "semantic-similarity-classification", name: "Semantic Similarity Classification" },
			{ type: "sentiment-classification", name: "Sentiment Classification" },
			{ type: "topic-classification", name: "Topic Classification" },
			{ type: "semantic-similarity-scoring", name: "Semantic Similarity Scoring" },
			{ type: "sentiment-scoring", name: "Sentiment Scoring" },
			{ type: "sentiment-analysis", name: "Sentiment Analysis" },
			{ type: "hate-speech-detection", name: "Hate Speech Detection" },
			{ type: "text-scoring", name: "Text Scoring" },
		],
		color: "orange",
	},
	"zero-shot-classification": {
		name: "Zero-Shot Classification",
		modality: "nlp",
		color: "yellow",
	},
	"table-question-answering": {
		name: "Table Question Answering",
		modality: "nlp",
		color: "green",
	},
	"question-answering": {
		name: "Question Answering",
		modality: "nlp",
		subtasks: [
			{ type: "extractive-qa", name: "Extractive QA" },
			{ type: "open-domain-qa", name: "Open Domain QA" },
			{ type: "closed-domain-qa", name: "Closed Domain QA" },
		],
		color: "blue",
	},
	"fill-mask": {
		name: "Fill-Mask",
		modality: "nlp",
		subtasks: [
			{ type: "slot-filling", name: "Slot Filling" },
			{ type: "masked-language-modeling", name: "Masked Language Modeling" },
		],
		color: "red",
	},
	translation: {
		name: "Translation",
		modality: "nlp",
		color: "green",
	},
	summarization: {
		name: "Summarization",
		modality: "nlp",
		subtasks: [
			{ type: "news-articles-summarization", name: "News Articles Summarization" },
			{ type: "news-articles-headline-generation", name: "News Articles Headline Generation" },
		],
		color: "indigo",
	},
	"text2text-generation": {
		name: "Text2Text Generation",
		modality: "nlp",
		subtasks: [
			{ type: "text-simplification", name: "Text simplification" },
			{ type: "explanation-generation", name: "Explanation Generation" },
			{ type: "abstractive-qa", name: "Abstractive QA" },
			{ type: "open-domain-abstractive-qa", name: "Open Domain Abstractive QA" },
			{ type: "closed-domain-qa", name: "Closed Domain QA" },
			{ type: "open-book-qa", name: "Open Book QA" },
			{ type: "closed-book-qa", name: "Closed Book QA" },
		],
		color: "indigo",
	},
	"text-generation": {
		name: "Text Generation",
		modality: "nlp",
		subtasks: [
			{ type: "dialogue-modeling", name: "Dialogue Modeling" },
			{ type: "dialogue-generation", name: "Dialogue Generation" },
			{ type: "conversational", name: "Conversational" },
			{ type: "language-modeling", name: "Language Modeling" },
			{ type: "text-simplification", name: "Text simplification" },
			{ type: "explanation-generation", name: "Explanation Generation" },
			{ type: "abstractive-qa", name: "Abstractive QA" },
			{ type: "open-domain-abstractive-qa", name: "Open Domain Abstractive QA" },
			{ type: "closed-domain-qa", name: "Closed Domain QA" },
			{ type: "open-book-qa", name: "Open Book QA" },
			{ type: "closed-book-qa", name: "Closed Book QA" },
			{ type: "text2text-generation", name: "Text2Text Generation" },
		],
		color: "indigo",
	},
	"table-to-text": {
		name: "Table to Text",
		modality: "nlp",
		hideInModels: true,
		color: "blue",
	},
	"multiple-choice": {
		name: "Multiple Choice",
		modality: "nlp",
		subtasks: [
			{ type: "multiple-choice-qa", name: "Multiple Choice QA" },
			{ type: "multiple-choice-coreference-resolution", name: "Multiple Choice Coreference Resolution" },
		],
		hideInModels: true,
		color: "blue",
	},
	"text-ranking": {
		name: "Text Ranking",
		modality: "nlp",
		color: "red",
	},
	"text-retrieval": {
		name: "Text Retrieval",
		modality: "nlp",
		subtasks: [
			{ type: "document-retrieval", name: "Document Retrieval" },
			{ type: "utterance-retrieval", name: "Utterance Retrieval" },
			{ type: "entity-linking-retrieval", name: "Entity Linking Retrieval" },
			{ type: "fact-checking-retrieval", name: "Fact Checking Retrieval" },
		],
		hideInModels: true,
		color: "indigo",
	},
	"sentence-similarity": {
		name: "Sentence Similarity",
		modality: "nlp",
		color: "yellow",
	},
	"feature-extraction": {
		name: "Feature Extraction",
		modality: "nlp",
		color: "red",
	},
	// ---- audio ----
	"voice-activity-detection": {
		name: "Voice Activity Detection",
		modality: "audio",
		color: "red",
	},
	"audio-classification": {
		name: "Audio Classification",
		modality: "audio",
		subtasks: [
			{ type: "keyword-spotting", name: "Keyword Spotting" },
			{ type: "speaker-identification", name: "Speaker Identification" },
			{ type: "audio-intent-classification", name: "Audio Intent Classification" },
			{ type: "audio-emotion-recognition", name: "Audio Emotion Recognition" },
			{ type: "audio-language-identification", name: "Audio Language Identification" },
		],
		color: "green",
	},
	"automatic-speech-recognition": {
		name: "Automatic Speech Recognition",
		modality: "audio",
		color: "yellow",
	},
	"audio-to-audio": {
		name: "Audio-to-Audio",
		modality: "audio",
		color: "blue",
	},
	"text-to-speech": {
		name: "Text-to-Speech",
		modality: "audio",
		color: "yellow",
	},
	"text-to-audio": {
		name: "Text-to-Audio",
		modality: "audio",
		color: "yellow",
	},
	// ---- cv ----
	"image-classification": {
		name: "Image Classification",
		modality: "cv",
		subtasks: [
			{ type: "multi-label-image-classification", name: "Multi Label Image Classification" },
			{ type: "multi-class-image-classification", name: "Multi Class Image Classification" },
		],
		color: "blue",
	},
	"zero-shot-image-classification": {
		name: "Zero-Shot Image Classification",
		modality: "cv",
		color: "yellow",
	},
	"object-detection": {
		name: "Object Detection",
		modality: "cv",
		subtasks: [
			{ type: "face-detection", name: "Face Detection" },
			{ type: "vehicle-detection", name: "Vehicle Detection" },
		],
		color: "yellow",
	},
	"zero-shot-object-detection": {
		name: "Zero-Shot Object Detection",
		modality: "cv",
		color: "yellow",
	},
	"image-segmentation": {
		name: "Image Segmentation",
		modality: "cv",
		subtasks: [
			{ type: "instance-segmentation", name: "Instance Segmentation" },
			{ type: "semantic-segmentation", name: "Semantic Segmentation" },
			{ type: "panoptic-segmentation", name: "Panoptic Segmentation" },
		],
		color: "green",
	},
	"mask-generation": {
		name: "Mask Generation",
		modality: "cv",
		color: "indigo",
	},
	"keypoint-detection": {
		name: "Keypoint Detection",
		modality: "cv",
		subtasks: [{ type: "pose-estimation", name: "Pose Estimation" }],
		hideInDatasets: true,
		color: "red",
	},
	"depth-estimation": {
		name: "Depth Estimation",
		modality: "cv",
		color: "yellow",
	},
	"image-to-text": {
		name: "Image-to-Text",
		modality: "cv",
		subtasks: [{ type: "image-captioning", name: "Image Captioning" }],
		color: "red",
	},
	"text-to-image": {
		name: "Text-to-Image",
		modality: "cv",
		color: "yellow",
	},
	"image-to-image": {
		name: "Image-to-Image",
		modality: "cv",
		subtasks: [
			{ type: "image-inpainting", name: "Image Inpainting" },
			{ type: "image-colorization", name: "Image Colorization" },
			{ type: "super-resolution", name: "Super Resolution" },
		],
		color: "indigo",
	},
	"unconditional-image-generation": {
		name: "Unconditional Image Generation",
		modality: "cv",
		color: "green",
	},
	"image-feature-extraction": {
		name: "Image Feature Extraction",
		modality: "cv",
		color: "indigo",
	},
	"video-classification": {
		name: "Video Classification",
		modality: "cv",
		color: "blue",
	},
	"text-to-video": {
		name: "Text-to-Video",
		modality: "cv",
		color: "green",
	},
	"image-to-video": {
		name: "Image-to-Video",
		modality: "cv",
		color: "indigo",
	},
	"video-to-video": {
		name: "Video-to-Video",
		modality: "cv",
		hideInDatasets: true,
		color: "indigo",
	},
	"text-to-3d": {
		name: "Text-to-3D",
		modality: "cv",
		color: "yellow",
	},
	"image-to-3d": {
		name: "Image-to-3D",
		modality: "cv",
		color: "green",
	},
	// ---- multimodal ----
	"document-question-answering": {
		name: "Document Question Answering",
		modality: "multimodal",
		subtasks: [{ type: "document-question-answering", name: "Document Question Answering" }],
		hideInDatasets: true,
		color: "blue",
	},
	"visual-question-answering": {
		name: "Visual Question Answering",
		modality: "multimodal",
		subtasks: [{ type: "visual-question-answering", name: "Visual Question Answering" }],
		color: "red",
	},
	"visual-document-retrieval": {
		name: "Visual Document Retrieval",
		modality: "multimodal",
		color: "yellow",
	},
	"image-text-to-image": {
		name: "Image-Text-to-Image",
		modality: "multimodal",
		color: "indigo",
	},
	"image-text-to-video": {
		name: "Image-Text-to-Video",
		modality: "multimodal",
		color: "green",
	},
	"image-text-to-text": {
		name: "Image-Text-to-Text",
		modality: "multimodal",
		color: "red",
	},
	"video-text-to-text": {
		name: "Video-Text-to-Text",
		modality: "multimodal",
		color: "blue",
	},
	"audio-text-to-text": {
		name: "Audio-Text-to-Text",
		modality: "multimodal",
		hideInDatasets: true,
		color: "red",
	},
	"any-to-any": {
		name: "Any-to-Any",
		modality: "multimodal",
		color: "yellow",
	},
	// ---- tabular ----
	"tabular-classification": {
		name: "Tabular Classification",
		modality: "tabular",
		subtasks: [
			{ type: "tabular-multi-class-classification", name: "Tabular Multi Class Classification" },
			{ type: "tabular-multi-label-classification", name: "Tabular Multi Label Classification" },
		],
		color: "blue",
	},
	"tabular-regression": {
		name: "Tabular Regression",
		modality: "tabular",
		subtasks: [{ type: "tabular-single-column-regression", name: "Tabular Single Column Regression" }],
		color: "blue",
	},
	"tabular-to-text": {
		name: "Tabular to Text",
		modality: "tabular",
		subtasks: [{ type: "rdf-to-text", name: "RDF to text" }],
		hideInModels: true,
		color: "blue",
	},
	"time-series-forecasting": {
		name: "Time Series Forecasting",
		modality: "tabular",
		subtasks: [
			{ type: "univariate-time-series-forecasting", name: "Univariate Time Series Forecasting" },
			{ type: "multivariate-time-series-forecasting", name: "Multivariate Time Series Forecasting" },
		],
		color: "blue",
	},
	// ---- rl ----
	"reinforcement-learning": {
		name: "Reinforcement Learning",
		modality: "rl",
		color: "red",
	},
	robotics: {
		name: "Robotics",
		modality: "rl",
		subtasks: [
			{ type: "grasping", name: "Grasping" },
			{ type: "task-planning", name: "Task Planning" },
		],
		color: "blue",
	},
	// ---- other ----
	"graph-ml": {
		name: "Graph Machine Learning",
		modality: "other",
		color: "green",
	},
	other: {
		name: "Other",
		modality: "other",
		hideInModels: true,
		hideInDatasets: true,
		color: "blue",
	},
} satisfies Record<string, PipelineData>;

export type PipelineType = keyof typeof pipelineData;

export const PIPELINE_DATA: Record<PipelineType, PipelineData> = pipelineData;

/** Every pipeline tag, in declaration order (see the comment at the top). */
export const PIPELINE_TYPES = Object.keys(PIPELINE_DATA) as PipelineType[];

export const PIPELINE_TYPES_SET: ReadonlySet<string> = new Set(PIPELINE_TYPES);

export function isPipelineType(value: unknown): value is PipelineType {
	return typeof value === "string" && PIPELINE_TYPES_SET.has(value);
}

/** Every subtask type, across all pipelines, once each (some belong to several pipelines). */
export const SUBTASK_TYPES: string[] = [
	...new Set(
		Object.values(PIPELINE_DATA).flatMap((pipeline) => pipeline.subtasks?.map((subtask) => subtask.type) ?? []),
	),
];
