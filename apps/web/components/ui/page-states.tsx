"use client";
/**
 * What a route segment shows while it loads and when it fails. Each segment's
 * loading.tsx and error.tsx hand over to these, so every page fails the same way.
 */
import Link from "next/link";
import { useEffect } from "react";

export function LoadingState({ label = "Loading" }: { label?: string }) {
	return (
		<div className="loading-state" role="status" aria-live="polite">
			<span className="spinner" aria-hidden />
			<span>{label}…</span>
		</div>
	);
}

export function ErrorState({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
	useEffect(() => {
		console.error(error);
	}, [error]);
	return (
		<div className="error-state" role="alert">
			<h1>Something went wrong</h1>
			<p className="muted">
				This page could not be shown right now. The hub may be restarting; try again in a moment.
				{error.digest ? ` (reference ${error.digest})` : ""}
			</p>
			<div className="button-row">
				<button type="button" className="button button-primary" onClick={reset}>
					Try again
				</button>
				<Link href="/" className="button">
					Home
				</Link>
			</div>
		</div>
	);
}
