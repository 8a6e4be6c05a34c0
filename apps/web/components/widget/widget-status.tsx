"use client";
/**
 * The widget's waiting and failing states. A model that is still loading (the
 * server's 503, which the client retries) is progress, not an error; an error
 * shows the server's own message, and what to do when there is something to do.
 */
import { useEffect, useState } from "react";
import type { LoadingProgress, WidgetFailureInfo } from "@/lib/widget-call";

function useSecondsSince(since: number): number {
	const [now, setNow] = useState(() => Date.now());
	useEffect(() => {
		const timer = setInterval(() => setNow(Date.now()), 500);
		return () => clearInterval(timer);
	}, []);
	return Math.max(0, Math.floor((now - since) / 1000));
}

function ModelLoading({ progress }: { progress: LoadingProgress }) {
	const elapsed = useSecondsSince(progress.since);
	const estimate = progress.estimatedSeconds;
	const fraction = estimate ? Math.min(0.95, elapsed / estimate) : undefined;
	return (
		<div className="widget-progress">
			<p>
				The model is loading on the server
				{estimate ? ` (about ${Math.ceil(estimate)} s)` : ""}; the request is sent again as soon as it is ready.
			</p>
			{fraction === undefined ? (
				<progress aria-label="Model loading" />
			) : (
				<progress aria-label="Model loading" max={1} value={fraction} />
			)}
			<p className="small muted">Waiting for {elapsed} s</p>
		</div>
	);
}

export function WidgetLoading({ progress, onStop }: { progress?: LoadingProgress; onStop?: () => void }) {
	return (
		<div className="widget-loading" role="status" aria-live="polite" data-testid="widget-loading">
			{progress ? (
				<ModelLoading progress={progress} />
			) : (
				<p className="widget-running">
					<span className="spinner" aria-hidden />
					Running…
				</p>
			)}
			{onStop ? (
				<button type="button" className="button button-small" onClick={onStop}>
					Stop
				</button>
			) : null}
		</div>
	);
}

function titleOf(error: WidgetFailureInfo): string {
	if (error.code === "RateLimited" || error.status === 429) return "Too many requests";
	if (error.code === "TokenRequired" || error.code === "InvalidToken" || error.status === 401) return "Sign-in needed";
	if (error.code === "NoInput") return "Nothing to send yet";
	if (error.code === "Timeout") return "No answer in time";
	return "The model could not answer";
}

export function WidgetFailure({ error }: { error: WidgetFailureInfo }) {
	return (
		<div className="widget-error" role="alert" data-testid="widget-error" data-code={error.code}>
			<p className="widget-error-title">{titleOf(error)}</p>
			<p className="widget-error-message">{error.message}</p>
			{error.code === "TokenRequired" ? (
				<p className="small">
					Calls through a third-party provider need a hub access token; without one, this hub runs only its own models.
				</p>
			) : null}
			{error.retryAfterSeconds ? <p className="small">Try again in {error.retryAfterSeconds} s.</p> : null}
			{error.status || error.code ? (
				<p className="small muted">
					{error.status ? `HTTP ${error.status}` : ""}
					{error.status && error.code ? " · " : ""}
					{error.code ?? ""}
				</p>
			) : null}
		</div>
	);
}
