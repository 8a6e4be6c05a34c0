/**
 * The Files tab for someone who may write, in Chromium through the hub's front door: the owner
 * (signed up in the page; the repository and a write token made through the API) drops two files
 * on the upload area (one of 11 MiB, which goes through LFS) and watches each one's progress, then
 * sees them in the tree; empty, too large and too many files are each turned away with their
 * message; a folder comes in through the folder picker; a text file is created and edited in the
 * highlighted editor, and a commit made through the API meanwhile turns the save into the conflict
 * message (the text is kept and committed on top); a file and a folder are deleted after
 * confirmation; the history lists the commits and a commit page shows its line diff. Axe finds no
 * serious or critical violation on the new views, screenshots are kept in both themes, and the
 * model page and Files tab load at most 155 KB of JavaScript (gzipped) before anything is used
 * (the model page's budget, apps/web/README.md).
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { launchBrowser, newContext, screenshot, settle, siteUrl, visit } from "./browser";
import { dropFiles, fileRows } from "./repo-flow";

const NAME = `files-${randomBytes(4).toString("hex")}`;
const REPO = `${NAME}/writable`;
const PASSWORD = "correct horse battery staple";
const BIG_BYTES = 11 * 1024 * 1024;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;
let folder: string;

beforeAll(async () => {
	browser = await launchBrowser();
	context = await newContext(browser);
	page = await context.newPage();
	await visit(page, "/");
	// Sign up in the page (same origin, so the session cookie lands in this browser), then a write token.
	token = await page.evaluate(
		async ({ name, password }) => {
			const json = { "Content-Type": "application/json" };
			const signup = await fetch("/api/auth/signup", {
				method: "POST",
				headers: json,
				body: JSON.stringify({ username: name, email: `${name}@example.com`, password }),
			});
			if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${await signup.text()}`);
			const made = await fetch("/api/settings/tokens", {
				method: "POST",
				headers: json,
				body: JSON.stringify({ name: "e2e", role: "write" }),
			});
			return ((await made.json()) as { token: string }).token;
		},
		{ name: NAME, password: PASSWORD },
	);
	const created = await fetch(siteUrl("/api/repos/create"), {
		method: "POST",
		headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
		body: JSON.stringify({ name: "writable" }),
	});
	expect(created.status).toBe(200);
	folder = mkdtempSync(join(tmpdir(), "files-write-"));
	mkdirSync(join(folder, "data", "split"), { recursive: true });
	writeFileSync(join(folder, "data", "train.csv"), "text,label\nhi,1\n");
	writeFileSync(join(folder, "data", "split", "test.csv"), "text,label\nbye,0\n");
});
afterAll(async () => {
	await browser?.close();
	if (folder) rmSync(folder, { recursive: true, force: true });
});

const rejections = (target: Page) => target.locator(".upload-rejections li").allTextContents();
const resolveText = async (path: string) => (await fetch(siteUrl(`/${REPO}/resolve/main/${path}`))).text();

async function commitThroughApi(path: string, text: string, summary: string) {
	const lines = [
		{ key: "header", value: { summary } },
		{ key: "file", value: { path, content: Buffer.from(text).toString("base64"), encoding: "base64" } },
	];
	const response = await fetch(siteUrl(`/api/models/${REPO}/commit/main`), {
		method: "POST",
		headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/x-ndjson" },
		body: lines.map((line) => JSON.stringify(line)).join("\n"),
	});
	expect(response.status).toBe(200);
}

async function expectNoSeriousViolations(target: Page) {
	expect(await seriousViolations(target)).toEqual([]);
}

/** The same signed-in page in the dark theme, for its screenshot and a second axe scan. */
async function darkScreenshot(path: string, name: string) {
	const dark = await browser.newContext({
		viewport: { width: 1280, height: 900 },
		colorScheme: "dark",
		baseURL: siteUrl("/"),
		storageState: await context.storageState(),
	});
	try {
		const darkPage = await dark.newPage();
		await visit(darkPage, path);
		await screenshot(darkPage, `${name}-dark`);
		await expectNoSeriousViolations(darkPage);
	} finally {
		await dark.close();
	}
}

describe("the Files tab for writers", () => {
	it("offers nothing to write to a visitor who may not", async () => {
		const visitor = await browser.newContext({ baseURL: siteUrl("/") });
		try {
			const anonymous = await visitor.newPage();
			await visit(anonymous, `/${REPO}/tree/main`);
			expect(await anonymous.getByRole("button", { name: "Upload files" }).count()).toBe(0);
			expect(await anonymous.getByRole("button", { name: /^Delete / }).count()).toBe(0);
			// A writing page sends a signed-out visitor to sign in, and back.
			await anonymous.goto(siteUrl(`/${REPO}/new/main`));
			await anonymous.waitForURL((url) => url.pathname === "/login");
			expect(new URL(anonymous.url()).searchParams.get("next")).toBe(`/${REPO}/new/main`);
		} finally {
			await visitor.close();
		}
	});

	it("tells someone signed in who may not write that they cannot, and offers them nothing", async () => {
		const other = await browser.newContext({ baseURL: siteUrl("/") });
		try {
			const outsider = await other.newPage();
			await visit(outsider, "/");
			const status = await outsider.evaluate(async (name) => {
				const response = await fetch("/api/auth/signup", {
					method: "POST",
					headers: { "Content-Type": "application/json" },
					body: JSON.stringify({ username: name, email: `${name}@example.com`, password: "another long password" }),
				});
				return response.status;
			}, `${NAME}-other`);
			expect(status).toBe(201);
			await visit(outsider, `/${REPO}/tree/main`);
			expect(await outsider.getByRole("button", { name: "Upload files" }).count()).toBe(0);
			await visit(outsider, `/${REPO}/new/main`);
			await outsider.getByRole("heading", { name: `You cannot change ${REPO}` }).waitFor();
		} finally {
			await other.close();
		}
	});

	it("uploads two dropped files, one through LFS, with each file's progress", async () => {
		await visit(page, `/${REPO}/tree/main`);
		await page.getByRole("button", { name: "Upload files" }).click();
		await page.getByTestId("upload-zone").waitFor();
		await dropFiles(page, [
			{ name: "weights.bin", randomBytes: BIG_BYTES },
			{ name: "config.json", text: '{\n  "model_type": "bert"\n}\n' },
		]);
		const list = page.getByRole("list", { name: "Files to commit" });
		await expect.poll(() => list.locator("li").count()).toBe(2);
		expect(await page.getByLabel("Commit message").getAttribute("placeholder")).toBe("Upload 2 files");
		await screenshot(page, "files-write-upload-light");
		await expectNoSeriousViolations(page);
		// Every progress value the big file shows on its way, watched in the page.
		await page.evaluate(() => {
			const seen: number[] = [];
			(window as unknown as { progressSeen: number[] }).progressSeen = seen;
			const bar = document.querySelector('progress[aria-label="Upload progress of weights.bin"]');
			if (!bar) throw new Error("no progress bar for weights.bin");
			new MutationObserver(() => seen.push(Number(bar.getAttribute("data-progress")))).observe(bar, {
				attributes: true,
				attributeFilter: ["data-progress"],
			});
		});
		await page.getByRole("button", { name: "Commit changes to main" }).click();
		await page.getByText("Committed 2 files to main.").waitFor({ timeout: 60_000 });
		const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
		expect(seen.some((value) => value > 0)).toBe(true);
		expect(seen.at(-1)).toBe(1);
		expect(await list.locator("li").allTextContents()).toEqual([
			expect.stringContaining("Done"),
			expect.stringContaining("Done"),
		]);
		await expect.poll(() => fileRows(page)).toEqual(expect.arrayContaining(["config.json", "weights.binLFS"]));
		expect(await resolveText("config.json")).toBe('{\n  "model_type": "bert"\n}\n');
		const big = await fetch(siteUrl(`/${REPO}/resolve/main/weights.bin`));
		expect(Number(big.headers.get("content-length"))).toBe(BIG_BYTES);
	});

	it("turns away empty, too large and too many files, each with its message", async () => {
		await dropFiles(page, [{ name: "empty.txt" }]);
		await expect.poll(() => rejections(page)).toEqual(["File too small: empty.txt is empty."]);
		await dropFiles(page, [{ name: "huge.bin", hugeBytes: 5 * 1024 * 1024 * 1024 + 1 }]);
		await expect
			.poll(() => rejections(page))
			.toEqual([expect.stringMatching(/^File too large: huge\.bin is 5\.1 GB; the limit is 5 GB\.$/)]);
		await dropFiles(
			page,
			Array.from({ length: 1001 }, (_, index) => ({ name: `many-${index}.txt`, text: "x" })),
		);
		await expect
			.poll(() => rejections(page))
			.toEqual(["Too many files: 1001 chosen; at most 1000 files go in one commit."]);
		// The good file of a mixed drop is taken; the empty one is named.
		await dropFiles(page, [{ name: "ok.txt", text: "fine\n" }, { name: "blank.md" }]);
		await expect.poll(() => rejections(page)).toEqual(["File too small: blank.md is empty."]);
		expect(await page.getByRole("list", { name: "Files to commit" }).locator("li").count()).toBe(1);
		await screenshot(page, "files-write-rejections-light");
		await page.getByRole("button", { name: "Remove ok.txt" }).click();
	});

	it("uploads a folder with its paths", async () => {
		await page.locator(".upload-folder input").setInputFiles(join(folder, "data"));
		const list = page.getByRole("list", { name: "Files to commit" });
		await expect
			.poll(() => list.locator(".upload-list-name").allTextContents())
			.toEqual(expect.arrayContaining(["data/train.csv", "data/split/test.csv"]));
		await page.getByLabel("Commit message").fill("Add the data folder");
		await page.getByRole("button", { name: "Commit changes to main" }).click();
		await page.getByText("Committed 2 files to main.").waitFor();
		expect(await resolveText("data/split/test.csv")).toBe("text,label\nbye,0\n");
	});

	it("creates a file in the highlighted editor", async () => {
		await visit(page, `/${REPO}/tree/main`);
		await page.getByRole("link", { name: "Create a file" }).click();
		await page.waitForURL(siteUrl(`/${REPO}/new/main`));
		await page.getByLabel("File path").fill("notes/train.py");
		const editor = page.getByLabel("Content of notes/train.py");
		await editor.fill('# Train\nimport json\n\nprint("hello")\n');
		// Python is highlighted once the grammar is loaded: a keyword and a string get their classes.
		await expect.poll(() => page.locator(".code-editor").getAttribute("data-highlighted")).toBe("true");
		expect(await page.locator(".code-editor .hl-k").first().textContent()).toBe("import");
		expect(await page.locator(".code-editor .hl-s").first().textContent()).toContain("hello");
		await screenshot(page, "files-write-new-light");
		await expectNoSeriousViolations(page);
		await darkScreenshot(`/${REPO}/new/main`, "files-write-new");
		expect(await page.getByLabel("Commit message").getAttribute("placeholder")).toBe("Create notes/train.py");
		await page.getByRole("button", { name: "Commit new file to main" }).click();
		await page.waitForURL(siteUrl(`/${REPO}/tree/main`));
		await expect.poll(() => fileRows(page)).toEqual(expect.arrayContaining(["notes", "train.py"]));
		expect(await resolveText("notes/train.py")).toBe('# Train\nimport json\n\nprint("hello")\n');
	});

	it("edits a file, meets the conflict of a commit made meanwhile, and keeps the text", async () => {
		await page.getByRole("link", { name: "Edit config.json" }).click();
		await page.waitForURL(siteUrl(`/${REPO}/edit/main/config.json`));
		const editor = page.getByLabel("Content of config.json");
		expect(await editor.inputValue()).toBe('{\n  "model_type": "bert"\n}\n');
		await expect.poll(() => page.locator(".code-editor").getAttribute("data-language")).toBe("json");
		await darkScreenshot(`/${REPO}/edit/main/config.json`, "files-write-edit");
		await editor.fill('{\n  "model_type": "roberta"\n}\n');
		await page.getByLabel("Commit message").fill("Switch to roberta");
		await commitThroughApi("other.txt", "someone else\n", "A commit made meanwhile");
		await page.getByRole("button", { name: "Commit changes to main" }).click();
		const conflict = page.getByRole("alert").filter({ hasText: "Someone else committed" });
		await conflict.waitFor();
		expect(await conflict.textContent()).toContain("Someone else committed to this branch since you opened the file");
		expect(await editor.inputValue()).toBe('{\n  "model_type": "roberta"\n}\n');
		await screenshot(page, "files-write-conflict-light");
		await expectNoSeriousViolations(page);
		await page.getByRole("button", { name: "Keep my text" }).click();
		await page.getByRole("button", { name: "Commit changes to main" }).click();
		await page.waitForURL(siteUrl(`/${REPO}/tree/main`));
		expect(await resolveText("config.json")).toBe('{\n  "model_type": "roberta"\n}\n');
		expect(await resolveText("other.txt")).toBe("someone else\n");
	});

	it("reloads the latest version after a conflict when asked", async () => {
		await visit(page, `/${REPO}/edit/main/other.txt`);
		const editor = page.getByLabel("Content of other.txt");
		await editor.fill("mine\n");
		await commitThroughApi("other.txt", "theirs\n", "Another commit meanwhile");
		await page.getByRole("button", { name: "Commit changes to main" }).click();
		await page.getByRole("button", { name: "Reload the latest version" }).click();
		await expect.poll(() => editor.inputValue()).toBe("theirs\n");
	});

	it("deletes a file and a folder after confirmation", async () => {
		await visit(page, `/${REPO}/tree/main`);
		await screenshot(page, "files-write-tree-light");
		await expectNoSeriousViolations(page);
		await darkScreenshot(`/${REPO}/tree/main`, "files-write-tree");
		await page.getByRole("button", { name: "Delete other.txt" }).click();
		await page.getByText("Delete “other.txt”?").waitFor();
		await page.getByRole("button", { name: "Yes, delete" }).click();
		await expect.poll(() => fileRows(page)).not.toContain("other.txt");
		await page.getByRole("button", { name: "Delete data", exact: true }).click();
		await page.getByText("Delete the folder “data” and everything in it?").waitFor();
		await page.getByRole("button", { name: "Yes, delete" }).click();
		await expect.poll(() => fileRows(page)).not.toContain("train.csv");
		const rows = await fileRows(page);
		expect(rows).not.toContain("data");
		expect(rows).toEqual(expect.arrayContaining(["config.json", "weights.binLFS", "train.py"]));
		expect((await fetch(siteUrl(`/${REPO}/resolve/main/data/split/test.csv`))).status).toBe(404);
	});

	it("lists the history and shows a commit's line diff", async () => {
		await visit(page, `/${REPO}/tree/main`);
		await page.getByRole("link", { name: "History" }).click();
		await page.waitForURL(siteUrl(`/${REPO}/commits/main`));
		const titles = await page.locator(".commit-list li a").allTextContents();
		expect(titles.slice(0, 8)).toEqual([
			"Delete data/",
			"Delete other.txt",
			"Another commit meanwhile",
			"Switch to roberta",
			"A commit made meanwhile",
			"Create notes/train.py",
			"Add the data folder",
			"Upload 2 files",
		]);
		await screenshot(page, "files-write-history-light");
		await expectNoSeriousViolations(page);
		await darkScreenshot(`/${REPO}/commits/main`, "files-write-history");

		await page.getByRole("link", { name: "Switch to roberta" }).click();
		await page.waitForURL((url) => url.pathname.startsWith(`/${REPO}/commit/`));
		await settle(page);
		const diff = page.getByRole("region", { name: "Changed config.json" });
		expect(await diff.locator('[data-kind="del"]').allTextContents()).toEqual(['Deleted: −   "model_type": "bert"']);
		expect(await diff.locator('[data-kind="add"]').allTextContents()).toEqual(['Added: +   "model_type": "roberta"']);
		await screenshot(page, "files-write-commit-light");
		await expectNoSeriousViolations(page);
		const commitPath = new URL(page.url()).pathname;
		await darkScreenshot(commitPath, "files-write-commit");

		// The upload: the LFS file is listed with its size, the text file with its lines.
		await visit(page, `/${REPO}/commits/main`);
		await page.getByRole("link", { name: "Upload 2 files" }).click();
		await page.waitForURL((url) => url.pathname.startsWith(`/${REPO}/commit/`));
		await settle(page);
		const lfs = page.getByRole("region", { name: "Added weights.bin" });
		expect(await lfs.textContent()).toContain("11.5 MB");
		expect(await lfs.textContent()).toContain("Stored with LFS: no line diff.");
		expect(await page.getByRole("region", { name: "Added config.json" }).locator('[data-kind="add"]').count()).toBe(3);
	});
});

describe("first-load JavaScript", () => {
	/**
	 * Every script a fresh page asks for before its load event (what bench/web.mjs counts as
	 * first-load), gzipped as a server sends it, summed.
	 */
	async function firstLoadBytes(path: string, signedIn: boolean): Promise<number> {
		const fresh = signedIn
			? await browser.newContext({ baseURL: siteUrl("/"), storageState: await context.storageState() })
			: await newContext(browser);
		try {
			const target = await fresh.newPage();
			let loaded = false;
			const scripts: Promise<number>[] = [];
			target.on("load", () => {
				loaded = true;
			});
			target.on("response", (response) => {
				if (loaded || response.request().resourceType() !== "script") return;
				scripts.push(
					response.body().then(
						(body) => gzipSync(body, { level: 6 }).length,
						() => 0,
					),
				);
			});
			await target.goto(siteUrl(path), { waitUntil: "networkidle" });
			return (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0);
		} finally {
			await fresh.close();
		}
	}

	it("stays within 155 KB on the model page and the Files tab, the writers' tools loading on use", async () => {
		for (const path of [`/${REPO}`, `/${REPO}/tree/main`]) {
			expect(await firstLoadBytes(path, false)).toBeLessThanOrEqual(155 * 1024);
		}
		expect(await firstLoadBytes(`/${REPO}/tree/main`, true)).toBeLessThanOrEqual(155 * 1024);
	});
});
