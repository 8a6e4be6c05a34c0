/**
 * Ordinary user code, as the README shows it, written against the client's
 * public surface. Not run: test/types.test.ts compiles it (strict) and expects
 * no error, so every line here must type-check, and every `@ts-expect-error`
 * line must really be an error.
 */
import {
	automaticSpeechRecognition,
	type ChatCompletionOutput,
	InferenceClient,
	InferenceClientProviderApiError,
	textToImage,
} from "../../src/index.js";

/** Compiles only when A and B are the same type. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function assertType<_Check extends true>(): void {}

export async function readmeUsage(audio: Blob, picture: Blob): Promise<void> {
	const client = new InferenceClient(process.env.HF_TOKEN);

	const chat = await client.chatCompletion({
		model: "meta-llama/Llama-3.1-8B-Instruct",
		messages: [{ role: "user", content: "Name three rivers in Africa." }],
		max_tokens: 200,
	});
	assertType<Equal<typeof chat, ChatCompletionOutput>>();
	const tokens: number = chat.usage.total_tokens;
	console.log(chat.choices[0]?.message.content, tokens);

	for await (const chunk of client.chatCompletionStream({
		model: "meta-llama/Llama-3.1-8B-Instruct",
		messages: [{ role: "user", content: "Hi" }],
	})) {
		process.stdout.write(chunk.choices[0]?.delta.content ?? "");
	}

	const local = new InferenceClient(process.env.HF_TOKEN, {
		hubUrl: "http://127.0.0.1:8787",
		routerUrl: "http://127.0.0.1:8787",
	});

	// Media outputs follow outputType: a Blob by default, a string for URLs.
	const image = await local.textToImage({ model: "black-forest-labs/FLUX.1-dev", inputs: "a lighthouse" });
	assertType<Equal<typeof image, Blob>>();
	const imageUrl = await local.textToImage({ inputs: "a lighthouse" }, { outputType: "url" });
	assertType<Equal<typeof imageUrl, string>>();
	const dataUrl = await textToImage({ inputs: "a lighthouse" }, { outputType: "dataUrl" });
	assertType<Equal<typeof dataUrl, string>>();
	const speech = await local.textToSpeech({ inputs: "Hello" }, { outputType: "blob" });
	assertType<Equal<typeof speech, Blob>>();
	const video = await local.textToVideo({ inputs: "a fox" }, { outputType: "url" });
	assertType<Equal<typeof video, string>>();
	await local.imageToImage({ inputs: picture, parameters: { prompt: "blue" } }, { outputType: "dataUrl" });
	await local.textToAudio({ inputs: "rain" }, { outputType: "json" });
	await local.imageToVideo({ inputs: picture }, { outputType: "url" });
	await local.imageTextToImage({ inputs: picture, parameters: { prompt: "blue" } }, { outputType: "url" });
	await local.imageTextToVideo({ inputs: picture, parameters: { prompt: "move" } }, { outputType: "url" });

	// The seven media-input tasks take the file as raw `data` or as `inputs`, on the client as standalone.
	await local.automaticSpeechRecognition({ data: audio });
	await local.automaticSpeechRecognition({ inputs: audio, parameters: { return_timestamps: true } });
	await automaticSpeechRecognition({ accessToken: "hf_x", data: audio });
	await local.audioClassification({ data: audio });
	await local.audioClassification({ inputs: audio });
	await local.audioToAudio({ data: audio });
	await local.audioToAudio({ inputs: audio });
	await local.imageClassification({ data: picture });
	await local.imageClassification({ inputs: picture });
	await local.imageSegmentation({ data: picture });
	await local.imageSegmentation({ inputs: picture, parameters: { threshold: 0.5 } });
	await local.imageToText({ data: picture });
	await local.imageToText({ inputs: picture });
	const boxes = await local.objectDetection({ data: picture });
	const first: number | undefined = boxes[0]?.box.xmin;
	await local.objectDetection({ inputs: picture });

	const labels = await local.textClassification({ model: "acme/sentiment", inputs: "I love it" });
	const score: number | undefined = labels[0]?.score;
	const text = await local.textGeneration({ inputs: "Once upon", parameters: { max_new_tokens: 20 } });
	const generated: string = text.generated_text;

	// Tasks without a method of their own.
	const ranked = await local.request<{ score: number }[]>({ model: "acme/reranker", inputs: "q" });
	const top: number | undefined = ranked[0]?.score;
	for await (const event of local.streamingRequest<{ token: { text: string } }>(
		{ model: "acme/lm", inputs: "Once" },
		{ task: "text-generation" },
	)) {
		process.stdout.write(event.token.text);
	}

	try {
		await local.chatCompletion({ model: "acme/chat", messages: [] }, { timeout: 30_000, maxRetries: 1 });
	} catch (error) {
		if (error instanceof InferenceClientProviderApiError && error.retryable) console.log(error.status);
	}
	console.log(first, score, generated, top);

	// @ts-expect-error a Blob is not a string
	const notAString: string = await local.textToImage({ inputs: "x" });
	// @ts-expect-error a media task's file goes in data or inputs, not both missing
	await local.imageClassification({ model: "acme/vit" });
	// @ts-expect-error outputType takes the four kinds only
	await local.textToImage({ inputs: "x" }, { outputType: "png" });
	console.log(notAString);
}
