/**
 * Not-found pages are whole pages from the server, like every other page: an unknown address,
 * a missing model and a missing task answer 404 with HTML that holds the layout, the page's text
 * and the theme script in <head> (so the theme is set before the body paints); without
 * JavaScript they still read, and a dark system shows dark from the first paint.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, SCREENSHOT_DIR, siteUrl } from "./browser";

const MISSING = [
	{ name: "unknown-address", path: "/this-does-not-exist" },
	{ name: "missing-model", path: "/nobody/nothing" },
	{ name: "missing-task", path: "/tasks/no-such-task" },
];
const VARIANTS = [
	{ width: 390, colorScheme: "light" },
	{ width: 390, colorScheme: "dark" },
	{ width: 1280, colorScheme: "light" },
	{ width: 1280, colorScheme: "dark" },
] as const;
const BACKGROUND = { light: "rgb(255, 255, 255)", dark: "rgb(11, 15, 25)" };

let browser: Browser;
beforeAll(async () => {
	browser = await launchBrowser();
});
afterAll(async () => {
	await browser?.close();
});

describe("not-found pages", () => {
	it.each(MISSING)("$path answers 404 with the whole page rendered on the server", async ({ path }) => {
		const response = await fetch(siteUrl(path));
		expect(response.status).toBe(404);
		expect(response.headers.get("content-type")).toContain("text/html");
		const html = await response.text();
		expect(html).not.toContain("__next_error__");
		expect(html).toContain('<html lang="en"');
		const head = html.slice(0, html.indexOf("<body"));
		const body = html.slice(html.indexOf("<body"));
		// The theme script sits in <head>: it has set data-theme before the body's first paint.
		expect(head).toContain("hubkit-theme");
		expect(head).toContain("dataset.theme=t");
		for (const text of ["Nothing here", "Browse models", "site-header", "site-footer"]) expect(body).toContain(text);
	});

	it.each(VARIANTS)("reads without JavaScript, $colorScheme theme, $width px wide", async ({ width, colorScheme }) => {
		const context = await browser.newContext({
			viewport: { width, height: 844 },
			colorScheme,
			javaScriptEnabled: false,
		});
		const page = await context.newPage();
		try {
			for (const { name, path } of MISSING) {
				const response = await page.goto(siteUrl(path));
				expect(response?.status(), path).toBe(404);
				await page.getByRole("heading", { name: "Nothing here" }).waitFor();
				expect(await page.getByRole("link", { name: "Browse models" }).isVisible()).toBe(true);
				expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
					BACKGROUND[colorScheme],
				);
				if (name === "missing-model") {
					await page.screenshot({ path: `${SCREENSHOT_DIR}/not-found-no-js-${colorScheme}-${width}.png` });
				}
			}
		} finally {
			await context.close();
		}
	});

	it("gives a dark system the same colours with and without JavaScript", async () => {
		const tokens = async (javaScriptEnabled: boolean, names: string[]) => {
			const context = await browser.newContext({ colorScheme: "dark", javaScriptEnabled });
			const page = await context.newPage();
			const errors: string[] = [];
			page.on("console", (message) => {
				// The document's own 404 is reported by Chromium as a failed load; anything else is a fault.
				if (message.type() === "error" && !message.text().includes("status of 404")) errors.push(message.text());
			});
			page.on("pageerror", (error) => errors.push(error.message));
			await page.goto(siteUrl("/nobody/nothing"));
			await page.getByRole("heading", { name: "Nothing here" }).waitFor();
			if (javaScriptEnabled) {
				// Hydrated at this address: the account corner has run and links back here after signing in.
				await page.locator('.header-account a[href="/login?next=%2Fnobody%2Fnothing"]').waitFor();
				expect(errors).toEqual([]);
			}
			const values = await page.evaluate((wanted) => {
				// Every token the root declares, as a colour resolved in this page's scheme (a colour token
				// holds both values, however the build wrote them; the scheme picks one where it is used).
				const declared = [...document.styleSheets]
					.flatMap((sheet) => [...sheet.cssRules])
					.filter((rule) => rule instanceof CSSStyleRule && rule.selectorText === ":root")
					.flatMap((rule) => [...(rule as CSSStyleRule).style])
					.filter((name) => name.startsWith("--") && !/^--(space|radius|font|page|shadow)/.test(name));
				const probe = document.createElement("span");
				document.body.append(probe);
				const resolved = (name: string) => {
					probe.style.color = `var(${name})`;
					return getComputedStyle(probe).color;
				};
				const all = wanted.length > 0 ? wanted : declared;
				const colours = Object.fromEntries(all.map((name) => [name, resolved(name)]));
				probe.remove();
				return { ...colours, "color-scheme": getComputedStyle(document.documentElement).colorScheme };
			}, names);
			await context.close();
			return values;
		};
		const scripted = await tokens(true, []);
		expect(Object.keys(scripted).length).toBeGreaterThan(20);
		expect(scripted["--bg"]).toBe(BACKGROUND.dark);
		const names = Object.keys(scripted).filter((name) => name.startsWith("--"));
		const unscripted = await tokens(false, names);
		// The theme script writes the scheme it chose ("dark"); without it the system's choice applies.
		expect({ ...unscripted, "color-scheme": "dark" }).toEqual(scripted);
		expect(["dark", "light dark"]).toContain(unscripted["color-scheme"]);
	});
});
