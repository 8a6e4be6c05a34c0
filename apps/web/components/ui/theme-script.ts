/**
 * The theme before the first paint: the stored choice, else the system's. A
 * plain module (no "use client"), so the root layout receives the script as a
 * string: imported from a client module it would arrive as a client reference.
 */
export const THEME_STORAGE_KEY = "hubkit-theme";

/** Runs in <head> before the body paints: no flash of the wrong theme. Kept tiny and dependency-free. */
export const THEME_INIT_SCRIPT = `(function(){try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});if(t!=="light"&&t!=="dark"){t=window.matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"}var d=document.documentElement;d.dataset.theme=t;d.style.colorScheme=t}catch(e){}})()`;
