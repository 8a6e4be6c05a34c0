"use client";
/**
 * The chat widget: the conversation, the answer streaming in as it is written,
 * and Stop, which aborts the request (the server stops generating). A stopped
 * answer keeps what came so far, marked as stopped; stopped before a word came,
 * the message goes back to the box. The visitor chooses the answer's length.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { LoadingProgress, WidgetFailureInfo } from "@/lib/widget-call";
import type { ChatTurn } from "@/lib/widget-inputs";
import { useHydrated } from "../ui/use-hydrated";
import { failureOf, loadCalls } from "./load-calls";
import type { WidgetTarget } from "./task-form-widget";
import { WidgetFailure, WidgetLoading } from "./widget-status";

/** The answer's length unless the visitor chooses another. */
const DEFAULT_MAX_TOKENS = 512;
/** The hub's own runtime gives prompt and answer 4,096 tokens of context; remote providers allow about as much. */
const MOST_MAX_TOKENS = 4096;

/** The box's value as a token count the server accepts. */
function tokenLimit(value: string): number {
	const count = Math.round(Number(value));
	return Number.isFinite(count) && count >= 1 ? Math.min(count, MOST_MAX_TOKENS) : DEFAULT_MAX_TOKENS;
}

export function ChatWidget({ target, sample }: { target: WidgetTarget; sample: ChatTurn[] }) {
	// The sample's earlier turns are the start of the conversation; its last user turn fills the box.
	const lastUser = sample.at(-1)?.role === "user" ? sample.at(-1) : undefined;
	const [turns, setTurns] = useState<ChatTurn[]>(lastUser ? sample.slice(0, -1) : sample);
	const [draft, setDraft] = useState(lastUser?.content ?? "");
	const [streaming, setStreaming] = useState(false);
	const [progress, setProgress] = useState<LoadingProgress | undefined>();
	const [error, setError] = useState<WidgetFailureInfo | null>(null);
	const [maxTokens, setMaxTokens] = useState(String(DEFAULT_MAX_TOKENS));
	// Indexes of assistant turns cut short by Stop, and what the last Stop did.
	const [stoppedTurns, setStoppedTurns] = useState<number[]>([]);
	const [stopNote, setStopNote] = useState<string | null>(null);
	const controller = useRef<AbortController | null>(null);
	const log = useRef<HTMLOListElement>(null);
	const inputId = useId();
	// Until React takes over, words typed into the box would be lost to the sample it starts with.
	const hydrated = useHydrated();

	useEffect(() => () => controller.current?.abort(), []);
	// Follow the answer as it grows; turns is the trigger.
	// biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever the conversation changes.
	useEffect(() => {
		log.current?.scrollTo({ top: log.current.scrollHeight });
	}, [turns]);

	const send = async (event?: FormEvent) => {
		event?.preventDefault();
		const content = draft.trim();
		if (!content || streaming) return;
		const conversation: ChatTurn[] = [...turns, { role: "user", content }];
		setTurns([...conversation, { role: "assistant", content: "" }]);
		setDraft("");
		setError(null);
		setStopNote(null);
		setProgress(undefined);
		setStreaming(true);
		const own = new AbortController();
		controller.current = own;
		let answer = "";
		try {
			const { streamChat } = await loadCalls();
			const context = { ...target, signal: own.signal, onLoading: setProgress };
			for await (const piece of streamChat(conversation, context, tokenLimit(maxTokens))) {
				setProgress(undefined);
				answer += piece;
				const text = answer;
				setTurns([...conversation, { role: "assistant", content: text }]);
			}
		} catch (failure) {
			if (own.signal.aborted && answer) {
				setStoppedTurns((list) => [...list, conversation.length]);
				setStopNote("Stopped: the answer above is cut short.");
			} else if (own.signal.aborted) {
				// Stopped before a word came: no empty bubble stays behind, and the message is ready to send again.
				setTurns(turns);
				setDraft(content);
				setStopNote("Stopped before the model answered: your message is back in the box.");
			} else {
				setError(await failureOf(failure));
				// A message that got no answer at all goes back to the box, ready to send again.
				if (!answer) {
					setTurns(turns);
					setDraft(content);
				}
			}
		} finally {
			setStreaming(false);
			setProgress(undefined);
			controller.current = null;
		}
	};

	const stop = () => controller.current?.abort();

	return (
		<div className="widget-chat">
			{turns.length > 0 ? (
				<ol className="widget-chat-log" ref={log} aria-label="Conversation" data-testid="widget-chat-log">
					{turns.map((turn, index) => (
						<li
							// biome-ignore lint/suspicious/noArrayIndexKey: turns are only ever appended.
							key={index}
							className={`widget-turn widget-turn-${turn.role}`}
							data-stopped={stoppedTurns.includes(index) || undefined}
						>
							<span className="sr-only">{turn.role === "user" ? "You:" : "Model:"}</span>
							{turn.content ||
								(streaming && index === turns.length - 1 ? <span className="widget-typing">…</span> : null)}
							{stoppedTurns.includes(index) ? <span className="widget-turn-stopped">Stopped</span> : null}
						</li>
					))}
				</ol>
			) : null}
			{streaming && progress ? <WidgetLoading progress={progress} /> : null}
			<p className="small muted widget-chat-note" role="status" data-testid="widget-chat-note">
				{stopNote}
			</p>
			{error ? <WidgetFailure error={error} /> : null}
			<form className="widget-chat-form" onSubmit={send}>
				<label htmlFor={inputId} className="sr-only">
					Message
				</label>
				<textarea
					id={inputId}
					className="widget-input"
					rows={2}
					value={draft}
					readOnly={!hydrated}
					placeholder="Write a message…"
					onChange={(event) => setDraft(event.target.value)}
					onKeyDown={(event) => {
						// Enter sends, Shift+Enter starts a new line.
						if (event.key === "Enter" && !event.shiftKey) {
							event.preventDefault();
							void send();
						}
					}}
				/>
				<div className="widget-actions">
					{streaming ? (
						<button type="button" className="button" onClick={stop}>
							Stop
						</button>
					) : (
						<button type="submit" className="button button-primary" disabled={!hydrated || !draft.trim()}>
							Send
						</button>
					)}
					{turns.length > 0 && !streaming ? (
						<button
							type="button"
							className="button button-small"
							onClick={() => {
								setTurns([]);
								setError(null);
								setStoppedTurns([]);
								setStopNote(null);
							}}
						>
							Clear
						</button>
					) : null}
					<label className="widget-setting small muted">
						Max tokens
						<input
							className="widget-input"
							type="number"
							min={1}
							max={MOST_MAX_TOKENS}
							value={maxTokens}
							disabled={streaming}
							onChange={(event) => setMaxTokens(event.target.value)}
						/>
					</label>
				</div>
			</form>
		</div>
	);
}
