import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Text generation continues a piece of text by predicting one token after another. Given a prompt, a base model writes what is likely to come next, while an instruction-tuned model treats the prompt as a request and replies to it. Chat assistants, code completion, drafting and reasoning models are all built on this task.",
	datasets: [
		{
			id: "CohereForAI/Global-MMLU",
			description: "Multiple-choice exam questions on many subjects, translated into dozens of languages.",
		},
		{
			id: "HuggingFaceFW/fineweb-2",
			description: "A large, filtered collection of web text in over a thousand languages for pre-training.",
		},
		{
			id: "HuggingFaceH4/ultrachat_200k",
			description: "Multi-turn conversations between a user and an assistant, for chat fine-tuning.",
		},
		{
			id: "open-r1/OpenThoughts-114k-math",
			description: "Maths problems with step-by-step worked solutions, for training models to reason.",
		},
		{
			id: "allenai/tulu-3-sft-mixture",
			description: "A blend of instruction-following examples for supervised fine-tuning.",
		},
		{
			id: "HuggingFaceTB/smoltalk",
			description: "Synthetic conversations used to teach small models to follow instructions.",
		},
		{ id: "HuggingFaceTB/finemath", description: "Web pages rich in mathematics, selected for pre-training." },
	],
	metrics: [
		{
			id: "Cross Entropy",
			description: "The average negative log-probability the model gives the true next token; lower is better.",
		},
		{
			id: "Perplexity",
			description: "The exponential of cross entropy: roughly how many tokens the model is choosing between.",
		},
	],
	models: [
		{ id: "google/gemma-2-2b-it", description: "A small instruction-tuned model that runs on modest hardware." },
		{
			id: "Qwen/Qwen3-Coder-480B-A35B-Instruct",
			description: "A very large mixture-of-experts model for writing and editing code.",
		},
		{ id: "openai/gpt-oss-120b", description: "An open-weight mixture-of-experts model for reasoning and tool use." },
		{ id: "zai-org/GLM-4.5", description: "A large mixture-of-experts model aimed at agent-style tasks and coding." },
		{
			id: "Qwen/Qwen3-4B-Thinking-2507",
			description: "A small model that writes out its reasoning before giving an answer.",
		},
		{
			id: "Qwen/Qwen2.5-7B-Instruct-1M",
			description: "An instruction model that can read inputs of up to a million tokens.",
		},
		{ id: "Qwen/Qwen2.5-Coder-32B-Instruct", description: "A mid-sized model specialised in programming." },
		{
			id: "deepseek-ai/DeepSeek-R1",
			description: "A large reasoning model trained with reinforcement learning to solve hard problems step by step.",
		},
	],
	spaces: [
		{ id: "akhaliq/anycoder", description: "Describe an app and get working code for it." },
		{ id: "enzostvs/deepsite", description: "Builds a web page from a plain-language description." },
		{
			id: "logikon/open_cot_leaderboard",
			description: "Ranks models by how much their written reasoning helps them answer correctly.",
		},
		{
			id: "ysharma/Explore_llamav2_with_TGI",
			description: "Chat with a Llama 2 model served by a text generation server.",
		},
		{ id: "HuggingFaceH4/zephyr-chat", description: "Chat with a small fine-tuned assistant model." },
		{
			id: "lmsys/chatbot-arena-leaderboard",
			description: "Ranks chat models from people's votes in blind side-by-side comparisons.",
		},
		{ id: "mlabonne/phixtral-chat", description: "Chat with a small mixture-of-experts model." },
	],
	widgetModels: ["mistralai/Mistral-Nemo-Instruct-2407"],
	youtubeId: "e9gNEAlsOvU",
	demo: {
		inputs: [
			{
				type: "text",
				label: "Input",
				content: "Write a two-sentence note asking a neighbour to water my plants while I am away.",
			},
		],
		outputs: [
			{
				type: "text",
				label: "Output",
				content:
					"Hi Sam, I'll be away from Friday until the following Sunday; could you water the plants on my balcony every other day while I'm gone? The spare key is in the usual place, and thank you so much!",
			},
		],
	},
};
