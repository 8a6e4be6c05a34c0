import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Video-text-to-text models watch a video and answer a question or follow an instruction about it in text. The input is a clip together with a prompt, and the output is a written reply, such as a description, a summary or an answer about what happens and when. They are used for video search, captioning and chatting about recorded footage.",
	datasets: [
		{
			id: "lmms-lab/Video-MME",
			description: "Multiple-choice questions about short, medium and long videos, for judging video understanding.",
		},
		{
			id: "lmms-lab/VideoChatGPT",
			description:
				"Open questions about videos with reference answers, used to score how well models describe and reason.",
		},
		{
			id: "HuggingFaceFV/finevideo",
			description: "Tens of thousands of videos with detailed notes on scenes, characters and story, for training.",
		},
	],
	metrics: [],
	models: [
		{
			id: "Vision-CAIR/LongVU_Qwen2_7B",
			description:
				"Compresses frames adaptively so it can follow videos up to an hour long and answer questions about them.",
		},
		{
			id: "GoodiesHere/Apollo-LMMs-Apollo-7B-t32",
			description:
				"A 7B video-language model from the Apollo study of what design choices make video models work well.",
		},
		{
			id: "HuggingFaceTB/SmolVLM2-2.2B-Instruct",
			description: "A small model that understands images and videos and is light enough to run on ordinary hardware.",
		},
	],
	spaces: [
		{ id: "llava-hf/video-llava", description: "Upload a clip and chat about it with Video-LLaVA." },
		{
			id: "opencompass/openvlm_video_leaderboard",
			description: "Ranks video-language models on a set of video understanding benchmarks.",
		},
		{
			id: "HuggingFaceTB/SmolVLM2-HighlightGenerator",
			description: "Watches a long video with SmolVLM2 and cuts out its most interesting moments.",
		},
	],
	widgetModels: [],
	demo: {
		inputs: [
			{ type: "img", filename: "video-text-to-text-input.png" },
			{ type: "text", label: "Question", content: "Where was this video filmed, and what is in the air?" },
		],
		outputs: [
			{
				type: "text",
				label: "Output",
				content: "It was filmed on a sandy beach by a blue sea. A red kite is flying in the sky above the sand.",
			},
		],
	},
};
