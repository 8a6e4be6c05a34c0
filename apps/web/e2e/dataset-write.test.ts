/**
 * A dataset's owner at work in Chromium, with the tools model pages have: the dataset is
 * made through the API in set-up, then, in the browser, the owner likes it, drops a CSV on
 * the Files tab and sees it listed, edits the card's task category (the page shows the
 * new task), gates it (a second person sees the ask-access panel), renames it and follows
 * the old link, and deletes it by typing its id. Settings and the editor are for writers
 * only; signed-out visitors go to sign in and back. Axe scans and screenshots (both
 * themes) of the dataset settings and card editor pages.
 */
import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { launchBrowser, newContext, screenshot, siteUrl, visit } from "./browser";
import { base64, dropFiles, fileRows, repoPeople } from "./repo-flow";

const SUFFIX = randomBytes(4).toString("hex");
const OWNER = `e2e-downer-${SUFFIX}`;
const OTHER = `e2e-dreader-${SUFFIX}`;
const PASSWORD = "correct horse battery staple";
const REPO = `${OWNER}/reviews`;
const RENAMED = `${OWNER}/reviews-renamed`;
const README = "---\nlicense: mit\ntask_categories:\n- text-classification\nsize_categories: []\n---\n# Reviews\n";
const CSV = "text,label\ngreat,1\nawful,0\n";

let browser: Browser;
let owner: Page;
let other: Page;
const { api, signUp } = repoPeople(PASSWORD);

/** Screenshots of the page in both themes, and an axe scan in each. */
async function scanBothThemes(page: Page, name: string) {
	for (const colorScheme of ["light", "dark"] as const) {
		await page.emulateMedia({ colorScheme });
		await page.reload();
		await page.waitForFunction((scheme) => document.documentElement.dataset.theme === scheme, colorScheme);
		await screenshot(page, `${name}-${colorScheme}`);
		expect(await seriousViolations(page), `${name} (${colorScheme})`).toEqual([]);
	}
	await page.emulateMedia({ colorScheme: "light" });
}

const tabs = (page: Page) => page.getByRole("navigation", { name: "Dataset sections" });

beforeAll(async () => {
	browser = await launchBrowser();
	owner = await (await signUp(browser, OWNER)).newPage();
	other = await (await signUp(browser, OTHER)).newPage();
	const created = await api("/api/repos/create", OWNER, {
		method: "POST",
		json: {
			name: "reviews",
			type: "dataset",
			files: [{ path: "README.md", content: base64(README), encoding: "base64" }],
		},
	});
	expect(created.ok).toBe(true);
});
afterAll(async () => {
	await browser?.close();
});

describe("a dataset's owner likes, uploads, edits the card, gates, renames and deletes it", () => {
	it("shows the writing tools to writers only, and sends signed-out visitors to sign in", async () => {
		await visit(owner, `/datasets/${REPO}`);
		expect(await tabs(owner).getByRole("link", { name: "Settings" }).getAttribute("href")).toBe(
			`/datasets/${REPO}/settings`,
		);
		expect(await owner.getByRole("link", { name: "Edit dataset card" }).count()).toBe(1);

		await visit(other, `/datasets/${REPO}`);
		expect(await tabs(other).getByRole("link", { name: "Settings" }).count()).toBe(0);
		expect(await other.getByRole("link", { name: "Edit dataset card" }).count()).toBe(0);
		expect((await other.goto(siteUrl(`/datasets/${REPO}/settings`)))?.status()).toBe(404);
		expect((await other.goto(siteUrl(`/datasets/${REPO}/edit-card`)))?.status()).toBe(404);
		await visit(other, `/datasets/${REPO}/tree/main`);
		expect(await other.getByRole("button", { name: "Upload files" }).count()).toBe(0);

		const signedOut = await newContext(browser);
		const visitor = await signedOut.newPage();
		for (const path of [`/datasets/${REPO}/settings`, `/datasets/${REPO}/edit-card`, `/datasets/${REPO}/new/main`]) {
			await visit(visitor, path);
			expect(new URL(visitor.url()).pathname).toBe("/login");
			expect(new URL(visitor.url()).searchParams.get("next")).toBe(path);
		}
		await signedOut.close();
	});

	it("likes the dataset", async () => {
		await visit(owner, `/datasets/${REPO}`);
		const like = owner.getByRole("button", { name: /^Like/ });
		expect(await like.getAttribute("aria-pressed")).toBe("false");
		expect(await owner.getByTestId("like-count").textContent()).toBe("0");
		await like.click();
		await expect.poll(() => owner.getByRole("button", { name: /^Liked/ }).getAttribute("aria-pressed")).toBe("true");
		expect(await owner.getByTestId("like-count").textContent()).toBe("1");
		await visit(owner, `/datasets/${REPO}`);
		expect(await owner.getByRole("button", { name: /^Liked/ }).getAttribute("aria-pressed")).toBe("true");
		const likes = (await (await api(`/api/users/${OWNER}/likes`, OWNER)).json()) as {
			repo: { name: string; type: string };
		}[];
		expect(likes.map((like) => like.repo)).toContainEqual({ name: REPO, type: "dataset" });
	});

	it("uploads a dropped CSV and sees it in Files, with its commit in the history", async () => {
		await visit(owner, `/datasets/${REPO}/tree/main`);
		await owner.getByRole("button", { name: "Upload files" }).click();
		await owner.getByTestId("upload-zone").waitFor();
		await dropFiles(owner, [{ name: "train.csv", text: CSV, type: "text/csv" }]);
		await expect.poll(() => owner.getByRole("list", { name: "Files to commit" }).locator("li").count()).toBe(1);
		await owner.getByLabel("Commit message").fill("Add the training split");
		await owner.getByRole("button", { name: "Commit changes to main" }).click();
		await owner.getByText("Committed 1 file to main.").waitFor();
		await expect.poll(() => fileRows(owner)).toContain("train.csv");
		expect(await (await fetch(siteUrl(`/datasets/${REPO}/resolve/main/train.csv`))).text()).toBe(CSV);

		await owner.getByRole("link", { name: "History" }).click();
		await owner.waitForURL(siteUrl(`/datasets/${REPO}/commits/main`));
		await owner.getByRole("link", { name: "Add the training split" }).click();
		await owner.waitForURL(/\/datasets\/.*\/commit\/[0-9a-f]+$/);
		expect(await owner.getByRole("heading", { name: "Add the training split" }).count()).toBe(1);
		expect(await owner.locator("main").textContent()).toContain("great,1");
	});

	it("edits the card's task category, license and tags, and the page shows the new task", async () => {
		await visit(owner, `/datasets/${REPO}`);
		const tags = owner.getByRole("list", { name: "Tags" });
		expect(await tags.textContent()).toContain("Text Classification");
		await owner.getByRole("link", { name: "Edit dataset card" }).click();
		await owner.waitForURL(siteUrl(`/datasets/${REPO}/edit-card`));
		// A dataset's form has no library, base model or widget fields.
		expect(await owner.getByLabel("Library").count()).toBe(0);
		expect(await owner.getByLabel("Widget examples").count()).toBe(0);
		await scanBothThemes(owner, "dataset-card-editor");

		await owner.getByRole("listbox", { name: "Task categories" }).selectOption("token-classification");
		await owner.getByLabel("License").fill("cc-by-4.0");
		await owner.getByRole("textbox", { name: "Tags" }).fill("reviews, english");
		await owner.getByRole("button", { name: "Save the card" }).click();
		await owner.waitForURL(siteUrl(`/datasets/${REPO}`));
		await expect.poll(async () => (await tags.textContent()) ?? "").toContain("Token Classification");
		expect(await tags.textContent()).not.toContain("Text Classification");

		const dataset = (await (await api(`/api/datasets/${REPO}`, OWNER)).json()) as {
			cardData: Record<string, unknown>;
		};
		expect(dataset.cardData).toMatchObject({
			task_categories: ["token-classification"],
			license: "cc-by-4.0",
			tags: ["reviews", "english"],
			size_categories: [],
		});
		expect(dataset.cardData).not.toHaveProperty("pipeline_tag");

		// The list shows the card's task as it shows a seeded dataset's, and its task filter finds both.
		await visit(owner, `/datasets?task_categories=token-classification&search=${encodeURIComponent(REPO)}`);
		const item = owner.getByRole("list", { name: "Datasets" }).locator("li", { hasText: REPO });
		expect(await item.locator(".model-item-task").allTextContents()).toEqual(["Token Classification"]);
		await visit(owner, `/datasets?task_categories=text-classification&search=${encodeURIComponent(REPO)}`);
		await owner.getByText("No dataset matches").waitFor();
		const seeded = (await (
			await api("/api/datasets?filter=task_categories:token-classification&sort=id&direction=1", OWNER)
		).json()) as { id: string }[];
		const seededId = seeded.find((entry) => !entry.id.startsWith(OWNER))?.id ?? "";
		expect(seededId).not.toBe("");
		await visit(owner, `/datasets?task_categories=token-classification&search=${encodeURIComponent(seededId)}`);
		const seededItem = owner.getByRole("list", { name: "Datasets" }).locator("li", { hasText: seededId });
		expect(await seededItem.locator(".model-item-task").allTextContents()).toContain("Token Classification");
	});

	it("gates the dataset, and a second person sees the ask-access panel", async () => {
		await visit(owner, `/datasets/${REPO}/settings`);
		await scanBothThemes(owner, "dataset-settings");
		await owner.getByLabel("Manual: you accept or reject each request").check();
		await owner.getByRole("button", { name: "Save settings" }).click();
		await owner.getByText("Saved: public, gated (manual).").waitFor();

		await visit(other, `/datasets/${REPO}`);
		await other.getByTestId("gated-access").waitFor();
		await other.getByRole("button", { name: "Ask for access" }).click();
		await other.getByText("Your request is pending").waitFor();
		await screenshot(other, "dataset-gated-pending-light");
		expect((await other.request.get(siteUrl(`/datasets/${REPO}/resolve/main/train.csv`))).status()).toBe(403);

		await visit(owner, `/datasets/${REPO}/settings`);
		const pending = owner.getByTestId("requests-pending");
		await pending.waitFor();
		expect(await pending.getByRole("link", { name: OTHER }).getAttribute("href")).toBe(`/${OTHER}`);
	});

	it("renames the dataset; the old link leads to the new page", async () => {
		await visit(owner, `/datasets/${REPO}/settings`);
		await owner.getByLabel("New id").fill(RENAMED);
		await owner.getByRole("button", { name: "Rename" }).click();
		await owner.waitForURL(siteUrl(`/datasets/${RENAMED}`));
		expect(await owner.locator("h1.model-title").textContent()).toContain("reviews-renamed");

		await visit(other, `/datasets/${REPO}`);
		expect(other.url()).toBe(siteUrl(`/datasets/${RENAMED}`));
	});

	it("deletes the dataset once its full id is typed", async () => {
		await visit(owner, `/datasets/${RENAMED}/settings`);
		const remove = owner.getByRole("button", { name: "Delete this dataset" });
		expect(await remove.isDisabled()).toBe(true);
		await owner.getByLabel("Full id of the dataset").fill("reviews-renamed");
		expect(await remove.isDisabled()).toBe(true);
		await owner.getByLabel("Full id of the dataset").fill(RENAMED);
		await remove.click();
		await owner.waitForURL(siteUrl(`/${OWNER}`));
		expect((await api(`/api/datasets/${RENAMED}`, OWNER)).status).toBe(404);
	});
});
