/**
 * Sign out everywhere from the settings' Password page, in Chromium through the hub's front door:
 * two browsers signed in as one person; the button, asked twice, ends both sessions (the one that
 * pressed it lands on the sign-in page) while the person's own access token keeps working.
 */
import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, siteUrl, visit } from "./browser";

const NAME = `e2e-out-${randomBytes(4).toString("hex")}`;
const PASSWORD = "correct horse battery staple";

let browser: Browser;

beforeAll(async () => {
	browser = await launchBrowser();
});
afterAll(async () => {
	await browser?.close();
});

async function signedInPage(): Promise<Page> {
	const page = await (await newContext(browser)).newPage();
	await visit(page, "/login?next=%2Fsettings%2Fpassword");
	await page.getByLabel("Username or email").fill(NAME);
	await page.getByLabel("Password").fill(PASSWORD);
	await page.getByRole("button", { name: "Log in" }).click();
	await page.waitForURL(siteUrl("/settings/password"));
	return page;
}

const sessionOf = async (page: Page) =>
	(await page.request.get(siteUrl("/api/auth/session"), { failOnStatusCode: false })).status();

describe("sign out everywhere", () => {
	it("ends every browser's session from the Password page and keeps the person's tokens", async () => {
		const made = await fetch(siteUrl("/api/auth/signup"), {
			method: "POST",
			headers: { "content-type": "application/json" },
			body: JSON.stringify({ username: NAME, email: `${NAME}@example.com`, password: PASSWORD }),
		});
		expect(made.status).toBe(201);
		const laptop = await signedInPage();
		const phone = await signedInPage();
		const token = await laptop.request.post(siteUrl("/api/settings/tokens"), {
			data: { name: "cli", role: "read" },
			headers: { origin: new URL(siteUrl()).origin },
		});
		expect(token.status()).toBe(201);
		const secret = ((await token.json()) as { token: string }).token;

		await laptop.getByRole("button", { name: "Sign out everywhere" }).click();
		await laptop.getByRole("button", { name: "Yes, sign out everywhere" }).click();
		await laptop.waitForURL((url) => url.pathname === "/login");
		expect(await sessionOf(laptop)).toBe(401);
		expect(await sessionOf(phone)).toBe(401);
		const whoami = await fetch(siteUrl("/api/whoami-v2"), { headers: { Authorization: `Bearer ${secret}` } });
		expect(whoami.status).toBe(200);
	});
});
