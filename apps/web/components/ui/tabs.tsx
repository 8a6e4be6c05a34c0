"use client";
/**
 * Tabs, the WAI-ARIA tabs pattern with automatic activation: the list is one tab
 * stop (the selected tab); Left/Right move focus and selection, wrapping at the
 * ends; Home and End go to the first and last tab; the selected tab's panel
 * follows it and is named by it. Written here rather than taken from a
 * primitives library: the pattern is small, and it kept a model page's
 * first-load JavaScript within its budget (bench/README.md).
 */
import { createContext, type KeyboardEvent, type ReactNode, useContext, useId, useState } from "react";

interface TabsState {
	selected: string | undefined;
	select: (value: string) => void;
	idOf: (part: "tab" | "panel", value: string) => string;
}

const TabsContext = createContext<TabsState | undefined>(undefined);

function useTabs(): TabsState {
	const state = useContext(TabsContext);
	if (!state) throw new Error("Tab, TabList and TabPanel belong inside Tabs");
	return state;
}

interface TabsProps {
	/** The selected tab, when the parent keeps it; otherwise `defaultValue` starts it. */
	value?: string;
	defaultValue?: string;
	onValueChange?: (value: string) => void;
	children: ReactNode;
}

export function Tabs({ value, defaultValue, onValueChange, children }: TabsProps) {
	const [own, setOwn] = useState(defaultValue);
	const base = useId();
	const selected = value ?? own;
	const select = (next: string) => {
		setOwn(next);
		onValueChange?.(next);
	};
	// Values are keys like "python" or "sentence-transformers"; ids take them in a safe spelling.
	const idOf = (part: "tab" | "panel", tab: string) => `${base}-${part}-${tab.replace(/[^A-Za-z0-9_-]/g, "_")}`;
	return <TabsContext.Provider value={{ selected, select, idOf }}>{children}</TabsContext.Provider>;
}

const MOVES: Record<string, (index: number, count: number) => number> = {
	ArrowRight: (index, count) => (index + 1) % count,
	ArrowLeft: (index, count) => (index - 1 + count) % count,
	Home: () => 0,
	End: (_index, count) => count - 1,
};

export function TabList({ children, "aria-label": label }: { children: ReactNode; "aria-label": string }) {
	const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
		const move = MOVES[event.key];
		if (!move) return;
		const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
		const index = tabs.indexOf(event.target as HTMLButtonElement);
		if (index < 0) return;
		event.preventDefault();
		const next = tabs[move(index, tabs.length)];
		next?.focus();
		next?.click();
	};
	return (
		<div role="tablist" aria-label={label} aria-orientation="horizontal" className="tab-list" onKeyDown={onKeyDown}>
			{children}
		</div>
	);
}

export function Tab({ value, children }: { value: string; children: ReactNode }) {
	const { selected, select, idOf } = useTabs();
	const active = value === selected;
	return (
		<button
			type="button"
			role="tab"
			id={idOf("tab", value)}
			aria-selected={active}
			aria-controls={idOf("panel", value)}
			tabIndex={active ? 0 : -1}
			data-state={active ? "active" : "inactive"}
			className="tab"
			onClick={() => select(value)}
		>
			{children}
		</button>
	);
}

export function TabPanel({ value, children }: { value: string; children: ReactNode }) {
	const { selected, idOf } = useTabs();
	if (value !== selected) return null;
	return (
		<div
			role="tabpanel"
			id={idOf("panel", value)}
			aria-labelledby={idOf("tab", value)}
			// biome-ignore lint/a11y/noNoninteractiveTabindex: the tabs pattern makes the panel the next tab stop after the list.
			tabIndex={0}
			className="tab-panel"
		>
			{children}
		</div>
	);
}
