"use client";
/**
 * Every widget but chat: a form for the task's inputs (filled with the sample),
 * Run, and one of four states below it — idle, loading (a loading model shows
 * progress), the result, or the server's error.
 *
 * The picture and recording inputs (upload area, canvas editor) are loaded only
 * by the widgets that take one, and the result's drawing only once Run is
 * pressed: a text widget's page does not carry them.
 */
import dynamic from "next/dynamic";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { LoadingProgress, WidgetFailureInfo } from "@/lib/widget-call";
import type { WidgetSample } from "@/lib/widget-inputs";
import { takesAudio, takesImage, type WidgetKind } from "@/lib/widget-kinds";
import type { WidgetResult } from "@/lib/widget-outputs";
import { useHydrated } from "../ui/use-hydrated";
import type { Picture } from "./image-input";
import { failureOf, loadCalls } from "./load-calls";
import { WidgetFailure, WidgetLoading } from "./widget-status";

const ImageInput = dynamic(() => import("./image-input").then((module) => module.ImageInput));
const AudioInput = dynamic(() => import("./audio-input").then((module) => module.AudioInput));
const loadOutput = () => import("./widget-output");
const WidgetOutput = dynamic(() => loadOutput().then((module) => module.WidgetOutput));

export interface WidgetTarget {
	model: string;
	provider: string;
	task: string;
}

type Phase =
	| { phase: "idle" }
	| { phase: "loading"; progress?: LoadingProgress }
	| { phase: "result"; result: WidgetResult }
	| { phase: "error"; error: WidgetFailureInfo };

const TEXT_LABELS: Partial<Record<WidgetKind, string>> = {
	"text-to-image": "Prompt",
	"image-to-image": "Prompt (optional)",
	"image-to-video": "Prompt (optional)",
	"text-to-video": "Prompt",
	"table-question": "Question",
	"image-question": "Question",
	speech: "Text to say",
	"fill-mask": "Text with a mask token",
	similarity: "Source sentence",
	"question-answering": "Question",
	ranking: "Query",
};

/** The list of texts a kind compares or orders, in its own words. */
const LISTS: Partial<Record<WidgetKind, { legend: string; item: string; add: string }>> = {
	similarity: { legend: "Sentences to compare", item: "Sentence", add: "Add a sentence" },
	ranking: { legend: "Texts to rank", item: "Text", add: "Add a text" },
};

/** Media results are object URLs: they are released when the result is replaced. */
function release(phase: Phase) {
	if (phase.phase !== "result") return;
	const { result } = phase;
	if (result.type === "image" || result.type === "audio" || result.type === "video") URL.revokeObjectURL(result.url);
}

export function TaskFormWidget({
	target,
	kind,
	sample,
}: {
	target: WidgetTarget;
	kind: WidgetKind;
	sample: WidgetSample;
}) {
	const [text, setText] = useState(sample.text);
	const [context, setContext] = useState(sample.context ?? "");
	const [labels, setLabels] = useState(sample.labels ?? "");
	const [sentences, setSentences] = useState<string[]>(sample.sentences?.length ? sample.sentences : [""]);
	const [json, setJson] = useState(sample.json ?? "");
	const [table, setTable] = useState(sample.table ?? "");
	const [picture, setPicture] = useState<Picture | null>(null);
	const [recording, setRecording] = useState<Picture | null>(null);
	const [state, setState] = useState<Phase>({ phase: "idle" });
	const image = takesImage(kind);
	const audio = takesAudio(kind);
	// The sample picture or recording is fetched once the page runs: a Run before it came would send
	// nothing, and its "choose a picture" failure would be wiped by the picture arriving a moment later.
	const [sampleComing, setSampleComing] = useState(Boolean((image && sample.imageUrl) || (audio && sample.audioUrl)));
	const sampleCame = () => setSampleComing(false);
	const controller = useRef<AbortController | null>(null);
	const stateRef = useRef(state);
	const id = useId();
	// Before React takes over, typed words would be lost and Run would reload the page.
	const hydrated = useHydrated();

	const show = (next: Phase) => {
		release(stateRef.current);
		stateRef.current = next;
		setState(next);
	};

	// Leaving the page stops a call still running and lets its media go.
	useEffect(
		() => () => {
			controller.current?.abort();
			release(stateRef.current);
		},
		[],
	);

	const changePicture = (next: Picture | null) => {
		setPicture(next);
		// Boxes drawn over the old picture would now be drawn over nothing.
		if (stateRef.current.phase !== "loading") show({ phase: "idle" });
	};

	const run = async (event?: FormEvent) => {
		event?.preventDefault();
		if (sampleComing) return;
		controller.current?.abort();
		const own = new AbortController();
		controller.current = own;
		show({ phase: "loading" });
		// The result's drawing is fetched while the model works, not after it answers.
		void loadOutput().catch(() => {});
		try {
			const { runWidget } = await loadCalls();
			const result = await runWidget(
				kind,
				{
					text,
					context,
					labels,
					sentences,
					json,
					table,
					image: picture?.blob,
					imageUrl: picture?.url,
					audio: recording?.blob,
				},
				{
					...target,
					signal: own.signal,
					onLoading: (progress) => {
						if (controller.current === own) show({ phase: "loading", progress });
					},
				},
			);
			if (controller.current === own) show({ phase: "result", result });
			else if (result.type === "image" || result.type === "audio" || result.type === "video")
				URL.revokeObjectURL(result.url);
		} catch (error) {
			if (controller.current !== own) return;
			const failure = own.signal.aborted ? undefined : await failureOf(error);
			if (controller.current === own) show(failure ? { phase: "error", error: failure } : { phase: "idle" });
		} finally {
			if (controller.current === own) controller.current = null;
		}
	};

	const stop = () => {
		controller.current?.abort();
		controller.current = null;
		show({ phase: "idle" });
	};

	const busy = state.phase === "loading";
	const textLabel = TEXT_LABELS[kind] ?? "Text";
	const list = LISTS[kind];
	const field = (suffix: string) => `${id}-${suffix}`;
	const onKeyDown = (event: React.KeyboardEvent) => {
		// Ctrl+Enter (Cmd+Enter) runs from any field, as in most playgrounds.
		if (event.key === "Enter" && (event.ctrlKey || event.metaKey) && !busy) void run();
	};

	const textNeeded =
		((!image && !audio) || kind === "image-question" || kind === "image-to-image" || kind === "image-to-video") &&
		kind !== "tabular";
	const shortText =
		kind === "question-answering" ||
		list !== undefined ||
		kind === "image-question" ||
		kind === "table-question" ||
		image;
	// The instruction is what these tasks are for, whatever the generic label says.
	const label =
		target.task === "image-text-to-image" || target.task === "image-text-to-video" ? "Instruction" : textLabel;

	return (
		<form className="widget-form" onSubmit={run} onKeyDown={onKeyDown} aria-busy={busy}>
			{image ? (
				<ImageInput
					sampleUrl={sample.imageUrl}
					picture={picture}
					onChange={changePicture}
					disabled={busy}
					onSampleSettled={sampleCame}
				/>
			) : null}
			{audio ? (
				<AudioInput
					sampleUrl={sample.audioUrl}
					recording={recording}
					onChange={setRecording}
					disabled={busy}
					onSampleSettled={sampleCame}
				/>
			) : null}
			{kind === "json" ? (
				<div className="widget-field">
					<label htmlFor={field("json")}>Payload (JSON)</label>
					<textarea
						id={field("json")}
						className="widget-input widget-code"
						rows={6}
						value={json}
						spellCheck={false}
						readOnly={!hydrated}
						onChange={(event) => setJson(event.target.value)}
					/>
				</div>
			) : textNeeded ? (
				<div className="widget-field">
					<label htmlFor={field("text")}>{label}</label>
					{shortText ? (
						<input
							id={field("text")}
							className="widget-input"
							value={text}
							readOnly={!hydrated}
							onChange={(event) => setText(event.target.value)}
						/>
					) : (
						<textarea
							id={field("text")}
							className="widget-input"
							rows={3}
							value={text}
							readOnly={!hydrated}
							onChange={(event) => setText(event.target.value)}
						/>
					)}
				</div>
			) : null}
			{kind === "question-answering" ? (
				<div className="widget-field">
					<label htmlFor={field("context")}>Context</label>
					<textarea
						id={field("context")}
						className="widget-input"
						rows={4}
						value={context}
						readOnly={!hydrated}
						onChange={(event) => setContext(event.target.value)}
					/>
				</div>
			) : null}
			{kind === "table-question" || kind === "tabular" ? (
				<div className="widget-field">
					<label htmlFor={field("table")}>Table (comma-separated: column names, then one line per row)</label>
					<textarea
						id={field("table")}
						className="widget-input widget-code"
						rows={5}
						value={table}
						spellCheck={false}
						readOnly={!hydrated}
						onChange={(event) => setTable(event.target.value)}
					/>
				</div>
			) : null}
			{kind === "zero-shot" || kind === "zero-shot-image" ? (
				<div className="widget-field">
					<label htmlFor={field("labels")}>Candidate labels (comma-separated)</label>
					<input
						id={field("labels")}
						className="widget-input"
						value={labels}
						readOnly={!hydrated}
						onChange={(event) => setLabels(event.target.value)}
					/>
				</div>
			) : null}
			{list ? (
				<fieldset className="widget-field widget-sentences">
					<legend>{list.legend}</legend>
					{sentences.map((sentence, index) => (
						// biome-ignore lint/suspicious/noArrayIndexKey: the list is edited in place; positions are the identity.
						<div key={index} className="widget-sentence">
							<input
								className="widget-input"
								aria-label={`${list.item} ${index + 1}`}
								value={sentence}
								readOnly={!hydrated}
								onChange={(event) =>
									setSentences((items) => items.map((item, at) => (at === index ? event.target.value : item)))
								}
							/>
							{sentences.length > 1 ? (
								<button
									type="button"
									className="button button-small"
									aria-label={`Remove ${list.item.toLowerCase()} ${index + 1}`}
									onClick={() => setSentences((items) => items.filter((_, at) => at !== index))}
								>
									×
								</button>
							) : null}
						</div>
					))}
					<button type="button" className="button button-small" onClick={() => setSentences((items) => [...items, ""])}>
						{list.add}
					</button>
				</fieldset>
			) : null}
			<div className="widget-actions">
				<button type="submit" className="button button-primary" disabled={busy || !hydrated || sampleComing}>
					Run
				</button>
				<span className="small muted">Ctrl+Enter</span>
			</div>
			<div className="widget-result" aria-live="polite">
				{state.phase === "loading" ? <WidgetLoading progress={state.progress} onStop={stop} /> : null}
				{state.phase === "error" ? <WidgetFailure error={state.error} /> : null}
				{state.phase === "result" ? (
					<div data-testid="widget-result">
						<WidgetOutput result={state.result} />
					</div>
				) : null}
			</div>
		</form>
	);
}
