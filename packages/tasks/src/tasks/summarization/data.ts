import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Summarization shortens a long text while keeping its main points. You give it an article, a report or a conversation, and it writes a brief version of a few sentences. Extractive methods copy the most important sentences; abstractive ones, which most current models use, write new sentences of their own.",
	datasets: [
		{
			id: "mlsum",
			description: "Newspaper articles with their summaries in five languages, for multilingual summarization.",
		},
		{ id: "samsum", description: "Short chat conversations, each with a written summary of what was said." },
	],
	metrics: [
		{
			id: "rouge",
			description: "Measures how many words and word sequences a summary shares with a reference summary.",
		},
	],
	models: [
		{
			id: "facebook/bart-large-cnn",
			description: "An encoder-decoder model that writes short summaries of English news articles.",
		},
		{
			id: "Falconsai/medical_summarization",
			description: "Condenses medical documents and reports into short summaries.",
		},
	],
	spaces: [
		{
			id: "pszemraj/summarize-long-text",
			description: "Summarizes documents longer than most models accept by working through them in pieces.",
		},
		{
			id: "ml6team/distilbart-tos-summarizer-tosdr",
			description: "Turns long terms-of-service pages into a short list of what they mean for the user.",
		},
		{ id: "pszemraj/document-summarization", description: "Paste or upload a document and get a summary back." },
		{
			id: "ml6team/post-processing-summarization",
			description: "Shows how checking a summary against its source can remove made-up facts.",
		},
	],
	widgetModels: ["facebook/bart-large-cnn"],
	youtubeId: "yHnr5Dk2zCI",
	canonicalId: "text2text-generation",
	demo: {
		inputs: [
			{
				type: "text",
				label: "Input",
				content:
					"The city council voted on Tuesday to turn the car park behind the central library into a public garden. Work will start in the spring and is expected to take eight months. The project will be paid for mostly by a regional grant, with the rest coming from a local fundraising campaign that has already collected more than 40,000 euros. Residents who took part in last year's consultation asked for benches, shade trees and a small play area, and all three are in the approved plan.",
			},
		],
		outputs: [
			{
				type: "text",
				label: "Output",
				content:
					"The council approved turning the library car park into a public garden with benches, trees and a play area, funded by a regional grant and local donations; work starts in spring.",
			},
		],
	},
};
