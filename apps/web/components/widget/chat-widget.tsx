"use client";
/**
 * The chat widget: the conversation, the answer streaming in as it is written,
 * and Stop, which aborts the request (the server stops generating) and keeps
 * what came so far.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { LoadingProgress, WidgetFailureInfo } from "@/lib/widget-call";
import type { ChatTurn } from "@/lib/widget-inputs";
import { failureOf, loadCalls } from "./load-calls";
import type { WidgetTarget } from "./task-form-widget";
import { WidgetFailure, WidgetLoading } from "./widget-status";

export function ChatWidget({ target, sample }: { target: WidgetTarget; sample: ChatTurn[] }) {
	// The sample's earlier turns are the start of the conversation; its last user turn fills the box.
	const lastUser = sample.at(-1)?.role === "user" ? sample.at(-1) : undefined;
	const [turns, setTurns] = useState<ChatTurn[]>(lastUser ? sample.slice(0, -1) : sample);
	const [draft, setDraft] = useState(lastUser?.content ?? "");
	const [streaming, setStreaming] = useState(false);
	const [progress, setProgress] = useState<LoadingProgress | undefined>();
	const [error, setError] = useState<WidgetFailureInfo | null>(null);
	const [stopped, setStopped] = useState(false);
	const controller = useRef<AbortController | null>(null);
	const log = useRef<HTMLOListElement>(null);
	const inputId = useId();

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
		setStopped(false);
		setProgress(undefined);
		setStreaming(true);
		const own = new AbortController();
		controller.current = own;
		let answer = "";
		try {
			const { streamChat } = await loadCalls();
			for await (const piece of streamChat(conversation, { ...target, signal: own.signal, onLoading: setProgress })) {
				setProgress(undefined);
				answer += piece;
				const text = answer;
				setTurns([...conversation, { role: "assistant", content: text }]);
			}
		} catch (failure) {
			if (own.signal.aborted) {
				setStopped(true);
				// Stopped before a word came: no empty bubble stays behind.
				if (!answer) setTurns(conversation);
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
						// biome-ignore lint/suspicious/noArrayIndexKey: turns are only ever appended.
						<li key={index} className={`widget-turn widget-turn-${turn.role}`}>
							<span className="sr-only">{turn.role === "user" ? "You:" : "Model:"}</span>
							{turn.content ||
								(streaming && index === turns.length - 1 ? <span className="widget-typing">…</span> : null)}
						</li>
					))}
				</ol>
			) : null}
			{streaming && progress ? <WidgetLoading progress={progress} /> : null}
			{stopped ? <p className="small muted">Stopped.</p> : null}
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
						<button type="submit" className="button button-primary" disabled={!draft.trim()}>
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
								setStopped(false);
							}}
						>
							Clear
						</button>
					) : null}
				</div>
			</form>
		</div>
	);
}
