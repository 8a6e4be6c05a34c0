/**
 * The upload rules of a repository's Files tab, in Chromium through the hub's front door, with the
 * hub's default config: a drop mixing an accepted file with an executable, an installer (upper
 * case), an empty file and one over the upload limit lists each rejection with its message —
 * "Invalid file type", "File too small", "File too large" — while the accepted file still uploads;
 * more files than one commit takes is "Too many files"; a folder picked with its `.git` folder
 * leaves that out with one line. The dataset Files tab turns a script away the same way. The
 * rejection list is kept as screenshots in both themes and axe finds no serious or critical
 * violation. (The hub's own refusal, when the browser's check is bypassed, is
 * packages/hub/test/upload-rules.test.ts.)
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { launchBrowser, newContext, screenshot, siteUrl, visit } from "./browser";
import { type DropSpec, dropFiles, uploadRejections } from "./repo-flow";

const NAME = `rules-${randomBytes(4).toString("hex")}`;
const MODEL = `${NAME}/checked`;
const DATASET = `${NAME}/checked-data`;
const UPLOAD_LIMIT = 5 * 1024 * 1024 * 1024;

/** Accepted, an executable, an installer in upper case, an empty file and one over the hub's limit. */
const MIXED_DROP: DropSpec[] = [
	{ name: "config.json", text: '{\n  "model_type": "bert"\n}\n' },
	{ name: "setup.exe", text: "MZ" },
	{ name: "Install.MSI", text: "MSI" },
	{ name: "empty.txt" },
	{ name: "huge.bin", hugeBytes: UPLOAD_LIMIT + 1 },
];
const MIXED_REJECTIONS = [
	"Invalid file type: setup.exe — this hub does not accept .exe files.",
	"Invalid file type: Install.MSI — this hub does not accept .msi files.",
	"File too small: empty.txt is empty.",
	"File too large: huge.bin is 5.1 GB; the limit is 5 GB.",
];

let browser: Browser;
let context: BrowserContext;
let page: Page;
let folder: string;

beforeAll(async () => {
	browser = await launchBrowser();
	context = await newContext(browser);
	page = await context.newPage();
	await visit(page, "/");
	// Signed up in the page (the session cookie lands in this browser); both repositories made with it.
	await page.evaluate(
		async ({ name }) => {
			const json = { "Content-Type": "application/json" };
			const signup = await fetch("/api/auth/signup", {
				method: "POST",
				headers: json,
				body: JSON.stringify({ username: name, email: `${name}@example.com`, password: "a long enough password" }),
			});
			if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${await signup.text()}`);
			for (const body of [{ name: "checked" }, { name: "checked-data", type: "dataset" }]) {
				const created = await fetch("/api/repos/create", { method: "POST", headers: json, body: JSON.stringify(body) });
				if (created.status !== 200) throw new Error(`create: ${created.status} ${await created.text()}`);
			}
		},
		{ name: NAME },
	);
	// A model folder as git cloned it: its `.git` folder comes along when the folder is picked.
	folder = mkdtempSync(join(tmpdir(), "upload-rules-"));
	mkdirSync(join(folder, "clone", ".git", "refs"), { recursive: true });
	writeFileSync(join(folder, "clone", ".git", "HEAD"), "ref: refs/heads/main\n");
	writeFileSync(join(folder, "clone", ".git", "refs", "main"), "0000000000000000000000000000000000000000\n");
	writeFileSync(join(folder, "clone", "README.md"), "# Cloned\n");
});
afterAll(async () => {
	await browser?.close();
	if (folder) rmSync(folder, { recursive: true, force: true });
});

const listed = (target: Page) =>
	target.getByRole("list", { name: "Files to commit" }).locator(".upload-list-name").allTextContents();
const fileRows = (target: Page) => target.locator(".files-table tbody tr .file-name").allTextContents();

async function openUploader(target: Page, path: string) {
	await visit(target, path);
	await target.getByRole("button", { name: "Upload files" }).click();
	await target.getByTestId("upload-zone").waitFor();
}

describe("the upload area's rules in the Files tab", () => {
	it("names the refused types before anything is chosen", async () => {
		await openUploader(page, `/${MODEL}/tree/main`);
		expect(await page.locator(".upload-hint").textContent()).toBe(
			"Click to choose, drop or paste files or folders: any type but .exe, .msi, .scr, .com, .bat, .cmd, .vbs or .ps1, up to 5 GB each, 1000 at most.",
		);
	});

	it("lists each rejection of a mixed drop, and the accepted file still uploads", async () => {
		await dropFiles(page, MIXED_DROP);
		await expect.poll(() => uploadRejections(page)).toEqual(MIXED_REJECTIONS);
		expect(await listed(page)).toEqual(["config.json"]);
		await screenshot(page, "upload-rules-rejections-light");
		expect(await seriousViolations(page)).toEqual([]);
		await page.getByRole("button", { name: "Commit changes to main" }).click();
		await page.getByText("Committed 1 file to main.").waitFor({ timeout: 60_000 });
		await expect.poll(() => fileRows(page)).toContain("config.json");
		expect(await fileRows(page)).not.toContain("setup.exe");
	});

	it("turns away more files than one commit takes", async () => {
		await dropFiles(
			page,
			Array.from({ length: 1001 }, (_, index) => ({ name: `many-${index}.txt`, text: "x" })),
		);
		await expect
			.poll(() => uploadRejections(page))
			.toEqual(["Too many files: 1001 chosen; at most 1000 files go in one commit."]);
	});

	it("leaves out a picked folder's .git folder with one line, and takes the rest", async () => {
		await page.locator(".upload-folder input").setInputFiles(join(folder, "clone"));
		await expect
			.poll(() => uploadRejections(page))
			.toEqual(["Invalid path: 2 files in a .git folder left out — a repository cannot hold a .git folder."]);
		expect(await listed(page)).toEqual(["clone/README.md"]);
	});

	it("shows the rejection list in the dark theme too", async () => {
		const dark = await browser.newContext({
			viewport: { width: 1280, height: 900 },
			colorScheme: "dark",
			baseURL: siteUrl("/"),
			storageState: await context.storageState(),
		});
		try {
			const darkPage = await dark.newPage();
			await openUploader(darkPage, `/${MODEL}/tree/main`);
			await dropFiles(darkPage, MIXED_DROP);
			await expect.poll(() => uploadRejections(darkPage)).toEqual(MIXED_REJECTIONS);
			await screenshot(darkPage, "upload-rules-rejections-dark");
			expect(await seriousViolations(darkPage)).toEqual([]);
		} finally {
			await dark.close();
		}
	});

	it("turns a script away in a dataset's Files tab, and uploads the data beside it", async () => {
		await openUploader(page, `/datasets/${DATASET}/tree/main`);
		await dropFiles(page, [
			{ name: "run.bat", text: "@echo off\n" },
			{ name: "train.csv", text: "text,label\nhi,1\n" },
		]);
		await expect
			.poll(() => uploadRejections(page))
			.toEqual(["Invalid file type: run.bat — this hub does not accept .bat files."]);
		expect(await listed(page)).toEqual(["train.csv"]);
		await page.getByRole("button", { name: "Commit changes to main" }).click();
		await page.getByText("Committed 1 file to main.").waitFor({ timeout: 60_000 });
		await expect.poll(() => fileRows(page)).toContain("train.csv");
		const csv = await fetch(siteUrl(`/datasets/${DATASET}/resolve/main/train.csv`));
		expect(await csv.text()).toBe("text,label\nhi,1\n");
	});
});
