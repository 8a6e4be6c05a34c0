export type SnippetLanguage = "python" | "js" | "sh";

export interface InferenceSnippet {
	language: SnippetLanguage;
	/** The library or tool the snippet uses: huggingface_hub, openai, requests, fal_client, @hubkit/inference, fetch, curl. */
	client: string;
	content: string;
	/** The install line, when the client is not built in. */
	setup?: string;
}
