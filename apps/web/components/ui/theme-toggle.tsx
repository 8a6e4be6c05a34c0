"use client";
/**
 * Light/dark switch. The theme is set before the first paint by the script in
 * app/layout.tsx (stored choice, else the system's); this button flips it and
 * remembers the choice. Until a choice is stored, the page follows the system.
 */
import { useEffect, useState } from "react";
import { MoonIcon, SunIcon } from "./icons";

export const THEME_STORAGE_KEY = "hubkit-theme";
type Theme = "light" | "dark";

function applyTheme(theme: Theme) {
	document.documentElement.dataset.theme = theme;
	document.documentElement.style.colorScheme = theme;
}

export function ThemeToggle() {
	const [theme, setTheme] = useState<Theme | undefined>(undefined);

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

/** Runs in <head> before the body paints: no flash of the wrong theme. Kept tiny and dependency-free. */
export const THEME_INIT_SCRIPT = `(function(){try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});if(t!=="light"&&t!=="dark"){t=window.matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"}var d=document.documentElement;d.dataset.theme=t;d.style.colorScheme=t}catch(e){}})()`;
