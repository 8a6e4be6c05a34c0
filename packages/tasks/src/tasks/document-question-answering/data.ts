import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		'Document question answering reads a scanned page, form or receipt and answers a question about it. You give it an image of the document and a question such as "What is the due date?", and it returns the answer, often a span of text copied from the page. Good models use both the words and where they sit in the layout.',
	datasets: [
		{
			id: "HuggingFaceM4/Docmatix",
			description:
				"A very large collection of document images paired with generated questions and answers, for training.",
		},
		{
			id: "eliolio/docvqa",
			description:
				"Questions about scanned business documents such as letters, forms and tables, with the expected answers.",
		},
	],
	metrics: [
		{
			id: "anls",
			description:
				"Average Normalized Levenshtein Similarity gives credit for answers that are close to the right string, forgiving small reading slips.",
		},
		{ id: "exact-match", description: "The share of answers that match the reference text exactly." },
	],
	models: [
		{
			id: "impira/layoutlm-document-qa",
			description:
				"A LayoutLM model that picks the answer out of a document using both its text and the position of each word.",
		},
		{
			id: "impira/layoutlm-invoices",
			description: "A LayoutLM model tuned on invoices, good at finding fields like totals, dates and invoice numbers.",
		},
		{
			id: "microsoft/udop-large",
			description:
				"Handles text, image and layout in one model, so it can answer questions and do other document tasks.",
		},
		{
			id: "google/pix2struct-docvqa-large",
			description: "Reads the document image directly, with no separate OCR step, and writes out the answer.",
		},
	],
	spaces: [
		{ id: "impira/docquery", description: "Upload a PDF or image of a document and ask questions about its contents." },
		{ id: "impira/invoices", description: "Pulls common fields such as totals and dates out of uploaded invoices." },
		{
			id: "merve/compare_docvqa_models",
			description: "Asks several document QA models the same question about one page so you can compare their answers.",
		},
	],
	widgetModels: ["impira/layoutlm-invoices"],
	demo: {
		inputs: [
			{ type: "text", label: "Question", content: "What is the total amount on this invoice?" },
			{ type: "img", filename: "document-question-answering-input.png" },
		],
		outputs: [{ type: "text", label: "Answer", content: "154.20" }],
	},
};
