/**
 * "Clone repository" on a public model (signed out) and on a private dataset (its owner):
 * a real button opens a modal dialog named by its heading; focus moves into it; the git
 * commands name this hub's URL and the repository's page path (datasets under /datasets);
 * a copy button copies a command exactly; the hf CLI tab names the id (and the dataset
 * type); a private repository says a token is the password and shows the CLI's sign-in;
 * Escape, the close button and the backdrop close it, focus going back to the button.
 * A mirror of another hub's model opens on the hf CLI and sends git to the upstream.
 * An axe scan and a screenshot with the dialog open.
 */
import { randomBytes } from "node:crypto";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { launchBrowser, newContext, screenshot, siteUrl, visit } from "./browser";
import { MIRROR_SOURCE, MIRRORED_MODEL } from "./mirror";
import { repoPeople } from "./repo-flow";

const MODEL = "hubkit-demo/tiny-sentiment";
const OWNER = `e2e-cloner-${randomBytes(4).toString("hex")}`;
const DATASET = `${OWNER}/secret-rows`;
const { api, signUp } = repoPeople("correct horse battery staple");

let browser: Browser;
beforeAll(async () => {
	browser = await launchBrowser();
});
afterAll(async () => {
	await browser?.close();
});

/** The hub's URL as the site shows it: the test set-up leaves HUBKIT_PUBLIC_URL unset, so the address the page was asked at. */
const hubUrl = () => new URL(siteUrl()).origin;

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
const commands = (panel: Locator) => panel.locator(".code-block code").allTextContents();

async function openDialog(page: Page, how: "keyboard" | "mouse") {
	const trigger = page.getByRole("button", { name: "Clone repository" });
	expect(await trigger.getAttribute("aria-haspopup")).toBe("dialog");
	if (how === "keyboard") {
		await trigger.focus();
		await page.keyboard.press("Enter");
	} else await trigger.click();
	const dialog = page.getByRole("dialog", { name: "Clone repository" });
	await dialog.waitFor();
	// Modal: the page behind it is inert, and focus is inside.
	expect(await dialog.evaluate((element) => element.matches(":modal"))).toBe(true);
	expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
	return { trigger, dialog };
}

describe("Clone repository", () => {
	it("gives a public model's git and hf commands with this hub's URL, copies one, and closes with Escape", async () => {
		const context = await newContext(browser);
		await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: siteUrl("/") });
		const page = await context.newPage();
		await visit(page, `/${MODEL}`);
		const { trigger, dialog } = await openDialog(page, "keyboard");

		const git = dialog.getByTestId("clone-git");
		expect(await commands(git)).toEqual([
			"git lfs install",
			`git clone ${hubUrl()}/${MODEL}`,
			`GIT_LFS_SKIP_SMUDGE=1 git clone ${hubUrl()}/${MODEL}`,
		]);
		await git.getByRole("button", { name: "Copy: Clone", exact: true }).click();
		expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`git clone ${hubUrl()}/${MODEL}`);
		expect(await git.getByRole("link", { name: "git-lfs.com" }).getAttribute("href")).toBe("https://git-lfs.com");
		expect(await git.textContent()).toContain("To push, when git asks for a password, use an access token");
		expect(await git.getByRole("link", { name: "your access tokens" }).getAttribute("href")).toBe("/settings/tokens");

		await dialog.getByRole("tab", { name: "hf CLI" }).click();
		expect(await commands(dialog.getByTestId("clone-cli"))).toEqual([
			"pip install -U huggingface_hub",
			`export HF_ENDPOINT=${hubUrl()}`,
			`hf download ${MODEL}`,
		]);

		await page.keyboard.press("Escape");
		await dialog.waitFor({ state: "hidden" });
		expect(await isFocused(trigger)).toBe(true);
		// Closed, its content is gone from the page: no second set of copy buttons behind the page.
		expect(await page.getByTestId("clone-git").count()).toBe(0);

		// Opened again, a press on the backdrop closes it.
		await openDialog(page, "mouse");
		await page.mouse.click(4, 4);
		await dialog.waitFor({ state: "hidden" });
		await context.close();
	});

	it("gives a private dataset's owner the /datasets URL, the token as password, and the CLI's sign-in", async () => {
		const context = await signUp(browser, OWNER);
		const created = await api("/api/repos/create", OWNER, {
			method: "POST",
			json: { name: DATASET.split("/")[1], type: "dataset", private: true },
		});
		expect(created.ok, await created.text()).toBe(true);
		const page = await context.newPage();
		await visit(page, `/datasets/${DATASET}`);
		const { trigger, dialog } = await openDialog(page, "mouse");

		const git = dialog.getByTestId("clone-git");
		expect(await commands(git)).toEqual([
			"git lfs install",
			`git clone ${hubUrl()}/datasets/${DATASET}`,
			`GIT_LFS_SKIP_SMUDGE=1 git clone ${hubUrl()}/datasets/${DATASET}`,
		]);
		expect(await git.textContent()).toContain(
			"This repository is private: when git asks for a password, use an access token with write permission",
		);
		expect(await seriousViolations(page)).toEqual([]);
		await screenshot(page, "clone-repository-dataset");

		await dialog.getByRole("tab", { name: "hf CLI" }).click();
		expect(await commands(dialog.getByTestId("clone-cli"))).toEqual([
			"pip install -U huggingface_hub",
			`export HF_ENDPOINT=${hubUrl()}`,
			"hf auth login",
			`hf download ${DATASET} --repo-type dataset`,
		]);

		await dialog.getByRole("button", { name: "Close" }).click();
		await dialog.waitFor({ state: "hidden" });
		expect(await isFocused(trigger)).toBe(true);

		// The dialog in the dark theme and on a phone's width, for a person to look at.
		await trigger.click();
		await page.emulateMedia({ colorScheme: "dark" });
		await screenshot(page, "clone-repository-dataset-dark");
		await page.setViewportSize({ width: 390, height: 844 });
		await screenshot(page, "clone-repository-dataset-390-dark");
		await page.emulateMedia({ colorScheme: "light" });
		await screenshot(page, "clone-repository-dataset-390-light");
		await context.close();
	});

	it("opens a mirror on the hf CLI and sends git to the repository it mirrors", async () => {
		const context = await newContext(browser);
		const page = await context.newPage();
		await visit(page, `/${MIRRORED_MODEL}`);
		const { dialog } = await openDialog(page, "mouse");
		const cli = dialog.getByTestId("clone-cli");
		expect(await cli.isVisible()).toBe(true);
		expect(await commands(cli)).toContain(`hf download ${MIRRORED_MODEL}`);

		await dialog.getByRole("tab", { name: "Git (HTTPS)" }).click();
		const git = dialog.getByTestId("clone-git");
		// The hub took the model from itself (e2e/mirror.ts), at the address it listens on.
		const upstream = git.getByRole("link", { name: new RegExp(`/${MIRROR_SOURCE}$`) });
		expect(await upstream.getAttribute("href")).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/${MIRROR_SOURCE}$`));
		expect(await git.textContent()).toContain("clone it with git from there");
		expect(await commands(git)).toEqual([]);
		expect(await seriousViolations(page)).toEqual([]);
		await screenshot(page, "clone-repository-mirror");
		await context.close();
	});
});
