/**
 * Widget examples: the sample inputs a model page shows, our own. A record
 * without its own `widget` gets its task's default here; chat models get a chat
 * request. Pictures and sounds are the demo media @hubkit/tasks ships
 * (packages/tasks/assets/demo), as the hub serves them.
 */
import type { PipelineType, WidgetExample } from "@hubkit/tasks";
import { PIPELINE_DATA } from "@hubkit/tasks";

/** Demo media shipped with @hubkit/tasks (packages/tasks/assets/demo), as the hub serves them. */
export const DEMO_MEDIA_BASE = "/assets/demo/";
export const media = (file: string) => `${DEMO_MEDIA_BASE}${file}`;

const CHAT_WIDGET: WidgetExample[] = [
	{ messages: [{ role: "user", content: "Suggest three names for a bakery that opens at dawn." }] },
];

/** Chat widgets: a picture and a question for models that see, a plain request otherwise. */
export function chatWidget(task: PipelineType): WidgetExample[] {
	return PIPELINE_DATA[task].modality === "nlp" ? CHAT_WIDGET : (DEFAULT_WIDGETS["image-text-to-text"] ?? CHAT_WIDGET);
}

export const DEFAULT_WIDGETS: Partial<Record<PipelineType, WidgetExample[]>> = {
	"text-classification": [{ text: "The delivery was late, but the support team sorted it out quickly." }],
	"token-classification": [{ text: "Ingrid Larsen moved from Bergen to Toronto to work for Hydro-Québec." }],
	"zero-shot-classification": [
		{ text: "The battery drains in two hours.", candidate_labels: "hardware, billing, shipping", multi_class: false },
	],
	"question-answering": [
		{
			text: "When was the lighthouse built?",
			context: "The lighthouse on the northern cape was built in 1874 and automated a century later.",
		},
	],
	"table-question-answering": [
		{
			text: "Which team scored the most goals?",
			table: { Team: ["Harbour FC", "Valley United", "Northside"], Goals: ["41", "37", "52"] },
		},
	],
	"fill-mask": [{ text: "The capital of Kenya is <mask>." }],
	translation: [{ text: "The museum is closed on Mondays." }],
	summarization: [
		{
			text: "The city library will extend its opening hours from next month. Reading rooms will stay open until ten in the evening on weekdays, and a new study area with forty desks will open on the second floor. Staff said the change follows a survey in which most students asked for later hours.",
		},
	],
	"text2text-generation": [{ text: "Answer the question: what do bees make?" }],
	"text-generation": [{ text: "A good habit to start this year is" }],
	"feature-extraction": [{ text: "Tea plantations cover the hills around the town." }],
	"sentence-similarity": [
		{
			source_sentence: "The meeting has been moved to Thursday.",
			sentences: [
				"We will meet on Thursday instead.",
				"The cafeteria serves soup on Thursdays.",
				"The meeting is cancelled.",
			],
		},
	],
	"text-ranking": [
		{
			source_sentence: "how long do tortoises live",
			sentences: [
				"Many tortoise species live well over a hundred years.",
				"Tortoises eat grasses, leaves and flowers.",
			],
		},
	],
	"text-retrieval": [{ text: "How do I reset my router to factory settings?" }],
	"audio-classification": [{ src: media("audio-classification-input.wav"), example_title: "Short clip" }],
	"automatic-speech-recognition": [{ src: media("automatic-speech-recognition-input.wav"), example_title: "Speech" }],
	"audio-to-audio": [{ src: media("audio-to-audio-input.wav"), example_title: "Noisy mixture" }],
	"voice-activity-detection": [{ src: media("voice-activity-detection-input.wav") }],
	"text-to-speech": [{ text: "The kettle has boiled; would you like some tea?" }],
	"text-to-audio": [{ text: "Upbeat acoustic guitar with light hand claps" }],
	"image-classification": [{ src: media("image-classification-input.png"), example_title: "Photo" }],
	"zero-shot-image-classification": [
		{ src: media("zero-shot-image-classification-input.png"), candidate_labels: "bicycle, tram, horse" },
	],
	"object-detection": [{ src: media("object-detection-input.png") }],
	"zero-shot-object-detection": [
		{ src: media("zero-shot-object-detection-input.png"), candidate_labels: "cup, laptop" },
	],
	"image-segmentation": [{ src: media("image-segmentation-input.png") }],
	"mask-generation": [{ src: media("mask-generation-input.png") }],
	"keypoint-detection": [{ src: media("keypoint-detection-input.png") }],
	"depth-estimation": [{ src: media("depth-estimation-input.png") }],
	"image-to-text": [{ src: media("image-to-text-input.png") }],
	"text-to-image": [{ text: "A red fox reading a map in a snowy forest, storybook style" }],
	"image-to-image": [{ src: media("image-to-image-input.png"), prompt: "Turn it into a pencil sketch" }],
	"unconditional-image-generation": [],
	"image-feature-extraction": [{ src: media("image-feature-extraction-input.png") }],
	"video-classification": [{ src: media("video-classification-input.png") }],
	"text-to-video": [{ text: "A hot-air balloon rising over green hills at sunrise" }],
	"image-to-video": [{ src: media("image-to-video-input.png"), prompt: "Leaves sway gently in the wind" }],
	"video-to-video": [{ src: media("video-to-video-input.png"), prompt: "Make the scene look like winter" }],
	"text-to-3d": [{ text: "A small wooden rocking chair" }],
	"image-to-3d": [{ src: media("image-to-3d-input.png") }],
	"document-question-answering": [
		{ src: media("document-question-answering-input.png"), text: "What is the due date?" },
	],
	"visual-question-answering": [
		{ src: media("visual-question-answering-input.png"), text: "What colour is the door?" },
	],
	"image-text-to-image": [{ src: media("image-text-to-image-input.png"), prompt: "Add a rainbow over the hills" }],
	"image-text-to-video": [{ src: media("image-text-to-video-input.png"), prompt: "The waves roll onto the beach" }],
	"image-text-to-text": [
		{
			messages: [
				{
					role: "user",
					content: [
						{ type: "image_url", image_url: { url: media("image-text-to-text-input.png") } },
						{ type: "text", text: "What is happening in this picture?" },
					],
				},
			],
		},
	],
	"video-text-to-text": [{ src: media("video-text-to-text-input.png"), text: "What happens in this clip?" }],
	"any-to-any": [{ src: media("any-to-any-input.png"), text: "Describe the picture, then read it aloud." }],
	"tabular-classification": [{ structured_data: { age: [52, 38], income: [41000, 67000], tenure_months: [14, 60] } }],
	"tabular-regression": [
		{
			structured_data: {
				Species: ["Bream", "Perch"],
				Length1: [23.2, 19.0],
				Height: [11.52, 5.22],
				Width: [4.02, 3.32],
			},
		},
	],
	"time-series-forecasting": [],
	"reinforcement-learning": [],
};
