/**
 * The administration's Mirrors list, as the e2e administrator sees it: both models the set-up
 * mirrored (e2e/mirror.ts) with the repository they mirror and their commit, and the bytes the
 * mirror cache holds, and a local name hiding an upstream repository with its reads; Refresh says the mirror is up to date; Evict asks first, then removes one,
 * whose page is then a 404. An axe scan and a screenshot.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN } from "./admin-account";
import { seriousViolations } from "./axe";
import { launchBrowser, newContext, screenshot, siteUrl, visit } from "./browser";
import { EVICTED_MODEL, MIRROR_SOURCE, MIRRORED_MODEL, SHADOWED_MODEL } from "./mirror";

let browser: Browser;
beforeAll(async () => {
	browser = await launchBrowser();
});
afterAll(async () => {
	await browser?.close();
});

describe("administration: mirrors", () => {
	it("lists the mirrors, refreshes one and evicts another", async () => {
		const context = await newContext(browser);
		const page = await context.newPage();
		await visit(page, `/login?next=${encodeURIComponent("/admin")}`);
		await page.getByLabel("Username or email").fill(E2E_ADMIN.name);
		await page.getByLabel("Password").fill(E2E_ADMIN.password);
		await page.getByRole("button", { name: "Log in" }).click();
		await page.waitForURL(siteUrl("/admin"));

		const table = page.getByTestId("admin-mirrors");
		const kept = table.getByRole("row", { name: new RegExp(MIRRORED_MODEL) });
		const sha = ((await (await fetch(siteUrl(`/api/models/${MIRROR_SOURCE}/revision/main`))).json()) as { sha: string })
			.sha;
		expect(await kept.textContent()).toContain(sha.slice(0, 7));
		const upstream = kept.getByRole("link", { name: new RegExp(`/${MIRROR_SOURCE}$`) });
		expect(await upstream.getAttribute("href")).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/${MIRROR_SOURCE}$`));
		expect(await kept.getByRole("link", { name: MIRRORED_MODEL }).getAttribute("href")).toBe(`/${MIRRORED_MODEL}`);
		expect(await page.getByTestId("admin-mirror-cache").textContent()).toContain("Mirrored files held here:");
		await page.getByRole("heading", { name: "Local names hiding upstream repositories" }).waitFor();
		const shadowed = page.getByTestId("admin-shadowed").getByRole("row", { name: new RegExp(SHADOWED_MODEL) });
		expect(await shadowed.getByRole("cell").allTextContents()).toEqual([
			SHADOWED_MODEL,
			"2",
			expect.any(String),
			expect.any(String),
		]);
		expect(await seriousViolations(page)).toEqual([]);
		await screenshot(page, "admin-mirrors");

		await kept.getByRole("button", { name: `Refresh ${MIRRORED_MODEL}` }).click();
		await page.getByText(`${MIRRORED_MODEL} is up to date.`).waitFor();

		const evicted = table.getByRole("row", { name: new RegExp(EVICTED_MODEL) });
		await evicted.getByRole("button", { name: `Evict ${EVICTED_MODEL}` }).click();
		await evicted.getByRole("button", { name: "Yes, evict" }).click();
		await page.getByText(`${EVICTED_MODEL} evicted.`).waitFor();
		expect(await table.getByRole("row", { name: new RegExp(EVICTED_MODEL) }).count()).toBe(0);
		const gone = await page.goto(siteUrl(`/${EVICTED_MODEL}`));
		expect(gone?.status()).toBe(404);
		await context.close();
	});
});
