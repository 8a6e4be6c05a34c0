/**
 * Issue 20's whole flow, in order, as one person walks it in Chromium through the hub's front
 * door: sign up and in, create a model on /new, drop two files on the Files tab's upload area
 * (one of 11 MiB, which goes through LFS) and watch their progress, see them in Files, edit the
 * card's metadata and see the task badge change, edit a text file and meet the conflict of a
 * commit that landed meanwhile, delete a file, gate the model while a second person (their own
 * browser context) asks for access, approve them and let them download, like the model and
 * find it under "Liked" on the profile, rename it and follow old links (the page and a
 * download), and delete it. The API
 * is used only to play the other client's commit and to make the second person's account.
 */
import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, screenshot, siteUrl, visit } from "./browser";
import { dropFiles, fileRows } from "./repo-flow";

const SUFFIX = randomBytes(4).toString("hex");
const OWNER = `flow-${SUFFIX}`;
const ASKER = `flow-asker-${SUFFIX}`;
const PASSWORD = "correct horse battery staple";
const REPO = `${OWNER}/walkthrough`;
const RENAMED = `${OWNER}/walkthrough-renamed`;
const BIG_BYTES = 11 * 1024 * 1024;
const CONFIG = '{\n  "model_type": "bert"\n}\n';
const EDITED_CONFIG = '{\n  "model_type": "roberta"\n}\n';

let browser: Browser;
let ownerContext: BrowserContext;
let askerContext: BrowserContext;
let owner: Page;
let asker: Page;

beforeAll(async () => {
	browser = await launchBrowser();
	ownerContext = await newContext(browser);
	owner = await ownerContext.newPage();
	// The second person's account through the API; their session goes into a browser context of their own.
	const signup = await fetch(siteUrl("/api/auth/signup"), {
		method: "POST",
		headers: { "Content-Type": "application/json", Origin: new URL(siteUrl()).origin },
		body: JSON.stringify({ username: ASKER, email: `${ASKER}@example.com`, password: PASSWORD }),
	});
	expect(signup.status).toBe(201);
	const session = signup.headers
		.getSetCookie()
		.find((line) => line.startsWith("hubkit_session="))
		?.split(";")[0]
		?.split("=")[1];
	askerContext = await newContext(browser);
	await askerContext.addCookies([{ name: "hubkit_session", value: session ?? "", url: siteUrl() }]);
	asker = await askerContext.newPage();
}, 60_000);
afterAll(async () => {
	await browser?.close();
});

/** Another client's commit of one file, made with the owner's session while their editor is open. */
async function commitMeanwhile(path: string, text: string) {
	const session = (await ownerContext.cookies()).find((cookie) => cookie.name === "hubkit_session")?.value;
	const lines = [
		{ key: "header", value: { summary: "A commit made meanwhile" } },
		{ key: "file", value: { path, content: Buffer.from(text).toString("base64"), encoding: "base64" } },
	];
	const response = await fetch(siteUrl(`/api/models/${REPO}/commit/main`), {
		method: "POST",
		headers: {
			Cookie: `hubkit_session=${session}`,
			Origin: new URL(siteUrl()).origin,
			"Content-Type": "application/x-ndjson",
		},
		body: lines.map((line) => JSON.stringify(line)).join("\n"),
	});
	expect(response.status).toBe(200);
}

describe("one person's whole write flow", () => {
	it("signs up, and is signed in", async () => {
		await visit(owner, "/join");
		await owner.getByLabel("Username").fill(OWNER);
		await owner.getByLabel("Email").fill(`${OWNER}@example.com`);
		await owner.getByLabel("Password").fill(PASSWORD);
		await owner.getByRole("button", { name: "Sign up" }).click();
		await owner.waitForURL(siteUrl(`/${OWNER}`));
		await owner.getByTestId("account-menu-button").waitFor();
	});

	it("creates a model on /new and lands on its page", async () => {
		await visit(owner, "/new");
		await owner.getByLabel("Model name").fill("walkthrough");
		await expect.poll(() => owner.getByTestId("name-status").textContent()).toContain(`${REPO} is available.`);
		await owner.getByLabel("License").selectOption("mit");
		const create = owner.getByRole("button", { name: "Create model" });
		await expect.poll(() => create.isEnabled()).toBe(true);
		await create.click();
		await owner.waitForURL(siteUrl(`/${REPO}`));
		await owner.getByTestId("upload-panel").waitFor();
		expect(await owner.locator("h1.model-title").textContent()).toContain("walkthrough");
	});

	it("uploads two dropped files, one through LFS, with each file's progress, and sees them in Files", async () => {
		await owner.getByTestId("upload-way-web").getByRole("link", { name: "Files tab" }).click();
		await owner.waitForURL(siteUrl(`/${REPO}/tree/main`));
		await owner.getByRole("button", { name: "Upload files" }).click();
		await owner.getByTestId("upload-zone").waitFor();
		await dropFiles(owner, [
			{ name: "weights.bin", randomBytes: BIG_BYTES },
			{ name: "config.json", text: CONFIG },
		]);
		const list = owner.getByRole("list", { name: "Files to commit" });
		await expect.poll(() => list.locator("li").count()).toBe(2);
		// Every progress value the big file's bar shows on its way, watched in the page.
		await owner.evaluate(() => {
			const seen: number[] = [];
			(window as unknown as { progressSeen: number[] }).progressSeen = seen;
			const bar = document.querySelector('progress[aria-label="Upload progress of weights.bin"]');
			if (!bar) throw new Error("no progress bar for weights.bin");
			new MutationObserver(() => seen.push(Number(bar.getAttribute("data-progress")))).observe(bar, {
				attributes: true,
				attributeFilter: ["data-progress"],
			});
		});
		await owner.getByRole("button", { name: "Commit changes to main" }).click();
		await owner.getByText("Committed 2 files to main.").waitFor({ timeout: 60_000 });
		const seen = await owner.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
		expect(seen.some((value) => value > 0)).toBe(true);
		expect(seen.at(-1)).toBe(1);
		await screenshot(owner, "write-flow-uploaded-light");
		// The tree shows both, the big one marked LFS.
		await expect.poll(() => fileRows(owner)).toEqual(expect.arrayContaining(["config.json", "weights.binLFS"]));
		const big = await owner.request.get(siteUrl(`/${REPO}/resolve/main/weights.bin`));
		expect(Number(big.headers()["content-length"])).toBe(BIG_BYTES);
	}, 90_000);

	it("edits the card's metadata and sees the task badge change", async () => {
		await visit(owner, `/${REPO}`);
		const tags = owner.getByRole("list", { name: "Tags" });
		const badges = async () => ((await tags.count()) === 0 ? "" : ((await tags.textContent()) ?? ""));
		expect(await badges()).not.toContain("Text Classification");
		await owner.getByRole("link", { name: "Edit model card" }).click();
		await owner.waitForURL(siteUrl(`/${REPO}/edit-card`));
		await owner.getByRole("combobox", { name: "Task" }).selectOption("text-classification");
		await owner.getByRole("textbox", { name: "Commit message" }).fill("Text classification");
		await owner.getByRole("button", { name: "Save the card" }).click();
		await owner.waitForURL(siteUrl(`/${REPO}`));
		await expect.poll(badges).toContain("Text Classification");
	});

	it("edits a text file, meets the conflict of a commit that landed meanwhile, and commits on top", async () => {
		await visit(owner, `/${REPO}/tree/main`);
		await owner.getByRole("link", { name: "Edit config.json" }).click();
		await owner.waitForURL(siteUrl(`/${REPO}/edit/main/config.json`));
		const editor = owner.getByLabel("Content of config.json");
		expect(await editor.inputValue()).toBe(CONFIG);
		await editor.fill(EDITED_CONFIG);
		await owner.getByLabel("Commit message").fill("Switch to roberta");
		await commitMeanwhile("other.txt", "someone else\n");
		await owner.getByRole("button", { name: "Commit changes to main" }).click();
		const conflict = owner.getByRole("alert").filter({ hasText: "Someone else committed" });
		await conflict.waitFor();
		expect(await editor.inputValue()).toBe(EDITED_CONFIG);
		await screenshot(owner, "write-flow-conflict-light");
		await owner.getByRole("button", { name: "Keep my text" }).click();
		await owner.getByRole("button", { name: "Commit changes to main" }).click();
		await owner.waitForURL(siteUrl(`/${REPO}/tree/main`));
		await expect.poll(() => fileRows(owner)).toEqual(expect.arrayContaining(["config.json", "other.txt"]));
		expect(await (await owner.request.get(siteUrl(`/${REPO}/resolve/main/config.json`))).text()).toBe(EDITED_CONFIG);
	});

	it("deletes a file after confirming", async () => {
		await owner.getByRole("button", { name: "Delete other.txt" }).click();
		await owner.getByText("Delete “other.txt”?").waitFor();
		await owner.getByRole("button", { name: "Yes, delete" }).click();
		await expect.poll(() => fileRows(owner)).not.toContain("other.txt");
		expect(await fileRows(owner)).toEqual(expect.arrayContaining(["config.json", "weights.binLFS"]));
	});

	it("gates the model; the other person asks, the owner approves, and they download", async () => {
		await visit(owner, `/${REPO}`);
		await owner.getByRole("navigation", { name: "Model sections" }).getByRole("link", { name: "Settings" }).click();
		await owner.waitForURL(siteUrl(`/${REPO}/settings`));
		await owner.getByLabel("Manual: you accept or reject each request").check();
		await owner.getByRole("button", { name: "Save settings" }).click();
		await owner.getByText("Saved: public, gated (manual).").waitFor();

		const download = () => asker.request.get(siteUrl(`/${REPO}/resolve/main/config.json`));
		expect((await download()).status()).toBe(403);
		await visit(asker, `/${REPO}`);
		await asker.getByRole("button", { name: "Ask for access" }).click();
		await asker.getByText("Your request is pending").waitFor();

		await visit(owner, `/${REPO}/settings`);
		const pending = owner.getByTestId("requests-pending");
		expect(await pending.getByRole("link", { name: ASKER }).getAttribute("href")).toBe(`/${ASKER}`);
		await pending.getByRole("button", { name: `Approve ${ASKER}` }).click();
		await owner.getByTestId("requests-accepted").getByRole("link", { name: ASKER }).waitFor();

		await visit(asker, `/${REPO}`);
		expect(await asker.getByTestId("gated-access").count()).toBe(0);
		const answer = await download();
		expect(answer.status()).toBe(200);
		expect(await answer.text()).toBe(EDITED_CONFIG);
	});

	it("likes the model and finds it under Liked on the profile", async () => {
		await visit(owner, `/${REPO}`);
		await owner.getByRole("button", { name: /^Like/ }).click();
		await expect.poll(() => owner.getByRole("button", { name: /^Liked/ }).getAttribute("aria-pressed")).toBe("true");
		expect(await owner.getByTestId("like-count").textContent()).toBe("1");
		await visit(owner, `/${OWNER}`);
		const liked = owner.getByTestId("liked-list").getByRole("link", { name: REPO });
		expect(await liked.getAttribute("href")).toBe(`/${REPO}`);
		await screenshot(owner, "write-flow-profile-light");
	});

	it("renames the model, and old links lead to the same pages under the new id", async () => {
		await visit(owner, `/${REPO}/settings`);
		await owner.getByLabel("New id").fill(RENAMED);
		await owner.getByRole("button", { name: "Rename" }).click();
		await owner.waitForURL(siteUrl(`/${RENAMED}`));
		expect(await owner.locator("h1.model-title").textContent()).toContain("walkthrough-renamed");
		// An old link to the page lands on the renamed one, and an old download link still answers.
		await visit(asker, `/${REPO}`);
		expect(new URL(asker.url()).pathname).toBe(`/${RENAMED}`);
		expect(await asker.locator("h1.model-title").textContent()).toContain("walkthrough-renamed");
		// A deeper old link keeps its place: the Files tab of the old id is the Files tab of the new one.
		await visit(asker, `/${REPO}/tree/main`);
		expect(new URL(asker.url()).pathname).toBe(`/${RENAMED}/tree/main`);
		const old = await asker.request.get(siteUrl(`/${REPO}/resolve/main/config.json`));
		expect(old.status()).toBe(200);
		expect(await old.text()).toBe(EDITED_CONFIG);
	});

	it("deletes the model once its full id is typed", async () => {
		await visit(owner, `/${RENAMED}/settings`);
		const remove = owner.getByRole("button", { name: "Delete this model" });
		expect(await remove.isDisabled()).toBe(true);
		await owner.getByLabel("Full id of the model").fill(RENAMED);
		await remove.click();
		await owner.waitForURL(siteUrl(`/${OWNER}`));
		expect(await owner.getByText("No models yet.").count()).toBe(1);
		expect((await owner.goto(siteUrl(`/${RENAMED}`)))?.status()).toBe(404);
	});
});
