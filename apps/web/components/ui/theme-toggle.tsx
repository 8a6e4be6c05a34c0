"use client";
/**
 * Light/dark switch. The theme is set before the first paint by the script in
 * app/layout.tsx (stored choice, else the system's); this button flips it and
 * remembers the choice. Until a choice is stored, the page follows the system.
 */
import { useEffect, useLayoutEffect, useState } from "react";
import { MoonIcon, SunIcon } from "./icons";
import { THEME_STORAGE_KEY } from "./theme-script";

type Theme = "light" | "dark";

function applyTheme(theme: Theme) {
	document.documentElement.dataset.theme = theme;
	document.documentElement.style.colorScheme = theme;
}

/** The stored choice, else the system's: what the head script works out. */
function initialTheme(): Theme {
	try {
		const stored = localStorage.getItem(THEME_STORAGE_KEY);
		if (stored === "light" || stored === "dark") return stored;
	} catch {
		// Storage can be off: follow the system.
	}
	return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

export function ThemeToggle() {
	const [theme, setTheme] = useState<Theme | undefined>(undefined);

	// Some documents are drawn by React in the browser rather than sent as HTML (Next does so for a 404
	// decided in a nested layout), and React never runs a <script> it inserts: set the theme before paint.
	useLayoutEffect(() => {
		if (!document.documentElement.dataset.theme) applyTheme(initialTheme());
	}, []);

	useEffect(() => {
		setTheme(document.documentElement.dataset.theme === "dark" ? "dark" : "light");
		const system = window.matchMedia("(prefers-color-scheme: dark)");
		const follow = (event: MediaQueryListEvent) => {
			if (localStorage.getItem(THEME_STORAGE_KEY)) return;
			const next = event.matches ? "dark" : "light";
			applyTheme(next);
			setTheme(next);
		};
		system.addEventListener("change", follow);
		return () => system.removeEventListener("change", follow);
	}, []);

	const toggle = () => {
		const next: Theme = document.documentElement.dataset.theme === "dark" ? "light" : "dark";
		applyTheme(next);
		try {
			localStorage.setItem(THEME_STORAGE_KEY, next);
		} catch {
			// Storage can be off (private windows): the switch still works for this page.
		}
		setTheme(next);
	};

	return (
		<button
			type="button"
			className="icon-button theme-toggle"
			onClick={toggle}
			aria-label="Dark theme"
			aria-pressed={theme === undefined ? undefined : theme === "dark"}
			title="Switch between light and dark"
		>
			{/* Both icons render; CSS shows the one for the current theme, so the server markup never guesses. */}
			<SunIcon className="theme-icon-sun" />
			<MoonIcon className="theme-icon-moon" />
		</button>
	);
}
