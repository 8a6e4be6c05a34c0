"use client";
/**
 * Hands the server's highlighted HTML (components/snippet/highlight.ts) to the
 * code blocks below it, keyed by a hash of each block's code, so the components
 * that choose snippets (tabs, pickers) need not carry it. Nested providers add
 * to their parent's blocks. A block without an entry shows plain text.
 */
import { createContext, type ReactNode, useContext, useMemo } from "react";
import { codeKey } from "./highlight-cache";
import "./highlight.css";

const Blocks = createContext<Record<string, string>>({});

export function HighlightedCode({ blocks, children }: { blocks: Record<string, string>; children: ReactNode }) {
	const parent = useContext(Blocks);
	const merged = useMemo(() => ({ ...parent, ...blocks }), [parent, blocks]);
	return <Blocks.Provider value={merged}>{children}</Blocks.Provider>;
}

/** The highlighted inner HTML for `code`, when the server sent one. */
export function useHighlightedHtml(code: string): string | undefined {
	const blocks = useContext(Blocks);
	return blocks[codeKey(code)];
}
