/**
 * Making repositories in the browser, through the hub's front door as `npm start` runs it:
 * signed out, /new goes to sign in and comes back; the owner picker offers you and your
 * organisations; the name is checked live by the hub (the id rule, reserved names, a taken
 * id), with Create disabled until it is free; a model under your name (with a license) and a
 * private dataset under your organisation land on their pages with the "How to upload" panel
 * naming this hub's URL, whose curl and `@huggingface/hub` ways run as written. A site admin
 * who is not a member of the organisation types its name as another owner (a name nobody holds
 * is refused as it is typed) and creates a dataset there. The dataset list and the seeded `nyu-mll/glue` page (card and files)
 * and a task page's link to it. axe finds no serious or critical violation on /new, /datasets
 * and a dataset page in both themes; screenshots of each; the new pages' first-load
 * JavaScript stays within the 150 KB budget (measured as bench/web.mjs does).
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN } from "./admin-account";
import { seriousViolations } from "./axe";
import { launchBrowser, newContext, screenshot, settle, siteUrl, visit } from "./browser";

const NAME = `e2e-new-${randomBytes(4).toString("hex")}`;
const ORG = `${NAME}-lab`;
const PASSWORD = "correct horse battery staple";
const FIRST_LOAD_BUDGET = 150 * 1024;

/** The write token the upload tests make (the panel's snippets read it from HF_TOKEN). */
let writeToken = "";
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
	browser = await launchBrowser();
	// Sign up in a context of its own, and make the organisation there.
	const signup = await newContext(browser);
	const signupPage = await signup.newPage();
	await visit(signupPage, "/join");
	await signupPage.getByLabel("Username").fill(NAME);
	await signupPage.getByLabel("Email").fill(`${NAME}@example.com`);
	await signupPage.getByLabel("Password").fill(PASSWORD);
	await signupPage.getByRole("button", { name: "Sign up" }).click();
	await signupPage.waitForURL(siteUrl(`/${NAME}`));
	const org = await signupPage.evaluate(async (name) => {
		const response = await fetch("/api/organizations", {
			method: "POST",
			headers: { "content-type": "application/json" },
			body: JSON.stringify({ name }),
		});
		return response.status;
	}, ORG);
	expect(org).toBe(201);
	await signup.close();

	context = await newContext(browser);
	page = await context.newPage();
}, 120_000);
afterAll(async () => {
	await browser?.close();
});

/** A same-origin call from the page, as the signed-in person. */
function callFromPage(path: string, init: { method?: string; json?: unknown } = {}) {
	return page.evaluate(
		async ({ path, init }) => {
			const response = await fetch(path, {
				method: init.method ?? "GET",
				headers: init.json === undefined ? {} : { "content-type": "application/json" },
				body: init.json === undefined ? undefined : JSON.stringify(init.json),
			});
			return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
		},
		{ path, init },
	);
}

const nameStatus = () => page.getByTestId("name-status").textContent();
const createButton = (noun: string) => page.getByRole("button", { name: `Create ${noun}` });

describe("new repositories", () => {
	it("sends a signed-out visitor from /new to sign in, and back", async () => {
		await page.goto(siteUrl("/new"));
		await page.waitForURL(siteUrl(`/login?next=${encodeURIComponent("/new")}`));
		await page.getByLabel("Username or email").fill(NAME);
		await page.getByLabel("Password").fill(PASSWORD);
		await page.getByRole("button", { name: "Log in" }).click();
		await page.waitForURL(siteUrl("/new"));
		await page.getByRole("heading", { name: "New model" }).waitFor();
	});

	it("offers you and your organisations, and says what is wrong with a name as it is typed", async () => {
		const owner = page.getByLabel("Owner");
		expect(await owner.locator("option").allTextContents()).toEqual([NAME, `${ORG} (organization)`]);
		const name = page.getByLabel("Model name");
		const button = createButton("model");

		// Nothing typed: nothing to create.
		expect(await button.isDisabled()).toBe(true);

		// The hub's id rule, word for word, and Create stays disabled.
		await name.fill("bad--name");
		await expect.poll(nameStatus).toMatch(/The name is not valid: .*no '\.\.' or '--'/);
		expect(await button.isDisabled()).toBe(true);
		expect(await name.getAttribute("aria-invalid")).toBe("true");
		await name.fill("-starts-with-a-dash");
		await expect.poll(nameStatus).toMatch(/starts with a letter or digit/);
		expect(await button.isDisabled()).toBe(true);

		// A reserved name, in any case.
		await name.fill("Settings");
		await expect.poll(nameStatus).toContain(`"Settings" is reserved for the hub's own pages`);
		expect(await button.isDisabled()).toBe(true);

		// A taken name.
		const taken = await callFromPage("/api/repos/create", { method: "POST", json: { name: "taken-model" } });
		expect(taken.status).toBe(200);
		await name.fill("taken-model");
		await expect.poll(nameStatus).toContain(`${NAME}/taken-model already exists`);
		expect(await button.isDisabled()).toBe(true);

		// A free one.
		await name.fill("first-model");
		await expect.poll(nameStatus).toContain(`${NAME}/first-model is available.`);
		await expect.poll(() => button.isEnabled()).toBe(true);
		expect(await name.getAttribute("aria-invalid")).toBeNull();
	});

	it("creates a model under your name with a license, and lands on its page with the upload panel", async () => {
		await page.getByLabel("License").selectOption("mit");
		await createButton("model").click();
		await page.waitForURL(siteUrl(`/${NAME}/first-model`));
		await settle(page);
		const panel = page.getByTestId("upload-panel");
		await panel.waitFor();
		const hub = new URL(siteUrl("/")).origin;
		const text = (await panel.textContent()) ?? "";
		expect(text).toContain("How to upload");
		expect(text).toContain(hub);
		// Each way names this hub and the repository, quoted for its language.
		expect(await page.getByTestId("upload-way-js").textContent()).toContain(`hubUrl: "${hub}"`);
		expect(await page.getByTestId("upload-way-js").textContent()).toContain(`name: "${NAME}/first-model"`);
		expect(await page.getByTestId("upload-way-python").textContent()).toContain(`os.environ["HF_ENDPOINT"] = "${hub}"`);
		expect(await page.getByTestId("upload-way-python").textContent()).toContain(`repo_id="${NAME}/first-model"`);
		expect(await page.getByTestId("upload-way-curl").textContent()).toContain(
			`curl -X POST '${hub}/api/models/${NAME}/first-model/commit/main'`,
		);
		expect(await page.getByTestId("upload-way-web").getByRole("link", { name: "Files tab" }).getAttribute("href")).toBe(
			`/${NAME}/first-model/tree/main`,
		);
		// The license went into the card's front matter, which the hub reads.
		const info = await callFromPage(`/api/models/${NAME}/first-model`);
		expect(info.status).toBe(200);
		expect((info.body as { cardData?: { license?: string } }).cardData?.license).toBe("mit");
		await screenshot(page, "new-repo-model-page-light");
	});

	it("runs the curl way from the panel as written, and the repository takes the file", async () => {
		// The panel's curl sends a README.md: run the same commit with a write token.
		const token = await callFromPage("/api/settings/tokens", {
			method: "POST",
			json: { name: "e2e upload", role: "write" },
		});
		expect(token.status).toBe(201);
		const secret = (token.body as { token: string }).token;
		writeToken = secret;
		const code = (await page.getByTestId("upload-way-curl").locator("pre").textContent()) ?? "";
		const body = /--data-binary '([^']*)'/.exec(code)?.[1];
		expect(body).toBeDefined();
		const answer = await fetch(siteUrl(`/api/models/${NAME}/first-model/commit/main`), {
			method: "POST",
			headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/x-ndjson" },
			body,
		});
		expect(answer.status).toBe(200);
		expect(
			await (
				await fetch(siteUrl(`/${NAME}/first-model/raw/main/README.md`), {
					headers: { Authorization: `Bearer ${secret}` },
				})
			).text(),
		).toBe("# Hello\n");
	});

	it("runs the JavaScript way from the panel as written, with @huggingface/hub", async () => {
		const code = (await page.getByTestId("upload-way-js").locator("pre").nth(1).textContent()) ?? "";
		expect(code).toContain("uploadFiles");
		const folder = mkdtempSync(join(tmpdir(), "hubkit-upload-snippet-"));
		try {
			// The snippet's placeholder file becomes a real one; the client is the one this repository installs.
			const weights = randomBytes(4096);
			writeFileSync(join(folder, "model.safetensors"), weights);
			const client = pathToFileURL(createRequire(import.meta.url).resolve("@huggingface/hub")).href;
			const script = code
				.replace(
					'"file:///path/to/model.safetensors"',
					JSON.stringify(pathToFileURL(join(folder, "model.safetensors")).href),
				)
				.replace('from "@huggingface/hub"', `from ${JSON.stringify(client)}`);
			writeFileSync(join(folder, "upload.mjs"), script);
			await promisify(execFile)(process.execPath, [join(folder, "upload.mjs")], {
				env: { ...process.env, HF_TOKEN: writeToken },
			});
			const read = (path: string) =>
				fetch(siteUrl(`/${NAME}/first-model/resolve/main/${path}`), {
					headers: { Authorization: `Bearer ${writeToken}` },
				});
			expect(Buffer.from(await (await read("model.safetensors")).arrayBuffer()).equals(weights)).toBe(true);
			expect(await (await read("README.md")).text()).toBe("# Hello\n");
		} finally {
			rmSync(folder, { recursive: true, force: true });
		}
	}, 60_000);

	it("creates a private dataset under the organisation, and lands on its page", async () => {
		await visit(page, "/new-dataset");
		await page.getByLabel("Owner").selectOption(ORG);
		const name = page.getByLabel("Dataset name");
		await name.fill("first-data");
		await expect.poll(nameStatus).toContain(`${ORG}/first-data is available.`);
		await page.getByLabel(/Private/).check();
		await expect.poll(() => createButton("dataset").isEnabled()).toBe(true);
		await screenshot(page, "new-repo-dataset-form-light");
		await createButton("dataset").click();
		await page.waitForURL(siteUrl(`/datasets/${ORG}/first-data`));
		await settle(page);
		await page.getByTestId("upload-panel").waitFor();
		expect(await page.getByTestId("upload-way-js").textContent()).toContain(
			`repo: { type: "dataset", name: "${ORG}/first-data" }`,
		);
		expect(await page.locator(".model-stats").textContent()).toContain("Private");
		// Private: nobody else sees it.
		expect([401, 404]).toContain((await fetch(siteUrl(`/api/datasets/${ORG}/first-data`))).status);
		expect((await fetch(siteUrl(`/datasets/${ORG}/first-data`))).status).toBe(404);
		// The same name is now taken for a dataset there, and still free for a model.
		await visit(page, "/new-dataset");
		await page.getByLabel("Owner").selectOption(ORG);
		await page.getByLabel("Dataset name").fill("first-data");
		await expect.poll(nameStatus).toContain(`${ORG}/first-data already exists`);
	});

	it("lets a site admin who is no member create in the organisation by typing its name", async () => {
		const login = await fetch(siteUrl("/api/auth/login"), {
			method: "POST",
			headers: { "Content-Type": "application/json", Origin: new URL(siteUrl()).origin },
			body: JSON.stringify({ username: E2E_ADMIN.name, password: E2E_ADMIN.password }),
		});
		expect(login.status).toBe(200);
		const session = login.headers
			.getSetCookie()
			.find((line) => line.startsWith("hubkit_session="))
			?.split(";")[0]
			?.split("=")[1];
		const cookie = { name: "hubkit_session", value: session ?? "", url: siteUrl() };
		for (const colorScheme of ["light", "dark"] as const) {
			const adminContext = await newContext(browser, { colorScheme });
			await adminContext.addCookies([cookie]);
			const admin = await adminContext.newPage();
			try {
				await visit(admin, "/new-dataset");
				const owners = admin.getByLabel("Owner", { exact: true });
				const choices = await owners.locator("option").allTextContents();
				expect(choices[0]).toBe(E2E_ADMIN.name);
				expect(choices).not.toContain(`${ORG} (organization)`);
				expect(choices.at(-1)).toBe("Another account or organization…");
				await owners.selectOption({ label: "Another account or organization…" });
				const status = () => admin.getByTestId("name-status").textContent();
				const create = admin.getByRole("button", { name: "Create dataset" });
				await admin.getByLabel("Other owner").fill(`${ORG}-nobody`);
				await admin.getByLabel("Dataset name").fill("admin-data");
				await expect.poll(status).toContain(`There is no account or organization named ${ORG}-nobody`);
				expect(await create.isDisabled()).toBe(true);
				await admin.getByLabel("Other owner").fill(ORG);
				if (colorScheme === "dark") {
					// Made in the light pass: the hub now says so.
					await expect.poll(status).toContain(`${ORG}/admin-data already exists`);
					await screenshot(admin, "new-repo-admin-owner-dark");
					expect(await seriousViolations(admin)).toEqual([]);
					continue;
				}
				await expect.poll(status).toContain(`${ORG}/admin-data is available.`);
				await screenshot(admin, "new-repo-admin-owner-light");
				expect(await seriousViolations(admin)).toEqual([]);
				await expect.poll(() => create.isEnabled()).toBe(true);
				await create.click();
				await admin.waitForURL(siteUrl(`/datasets/${ORG}/admin-data`));
			} finally {
				await adminContext.close();
			}
		}
		// The organisation's own member finds it there.
		expect((await callFromPage(`/api/datasets/${ORG}/admin-data`)).status).toBe(200);
	}, 60_000);

	it("lists the seeded datasets, searches them, and shows nyu-mll/glue's card and files", async () => {
		await visit(page, "/datasets?search=glue");
		const list = page.getByRole("list", { name: "Datasets" });
		await list.getByRole("link", { name: "nyu-mll/glue" }).click();
		await page.waitForURL(siteUrl("/datasets/nyu-mll/glue"));
		await settle(page);
		expect(await page.locator(".model-title").textContent()).toContain("nyu-mll/glue");
		expect(await page.getByTestId("model-card").textContent()).toContain("Card only.");
		// A visitor who may not write to it sees no upload panel on a repository with a card.
		expect(await page.getByTestId("upload-panel").count()).toBe(0);
		await page.getByRole("link", { name: "Files", exact: true }).click();
		await page.waitForURL(siteUrl("/datasets/nyu-mll/glue/tree/main"));
		const download = page.getByRole("link", { name: "Download README.md" });
		expect(await download.getAttribute("href")).toBe("/datasets/nyu-mll/glue/resolve/main/README.md");
		expect((await fetch(siteUrl("/datasets/nyu-mll/glue/resolve/main/README.md"))).status).toBe(200);

		// Sorting keeps the search; every sort lists it.
		await visit(page, "/datasets?search=glue&sort=likes");
		expect(await page.getByRole("link", { name: "nyu-mll/glue" }).count()).toBe(1);
		// A task page links the dataset this hub holds.
		await visit(page, "/tasks/text-classification");
		expect(
			await page
				.locator('section[aria-labelledby="datasets-title"] a', { hasText: "nyu-mll/glue" })
				.getAttribute("href"),
		).toBe("/datasets/nyu-mll/glue");
	});

	it("offers New model and New dataset in the signed-in menu", async () => {
		await visit(page, "/");
		await page.getByTestId("account-menu-button").click();
		const menu = page.getByRole("menu");
		await menu.getByRole("menuitem", { name: "New dataset" }).click();
		await page.waitForURL(siteUrl("/new-dataset"));
	});
});

/**
 * Every script a fresh page asks for before its load event, gzipped (level 6) and summed:
 * bench/web.mjs's first-load figure, here signed in.
 */
async function firstLoadJs(target: BrowserContext, path: string): Promise<number> {
	const fresh = await target.newPage();
	let loaded = false;
	const bodies: Promise<Buffer>[] = [];
	fresh.on("load", () => {
		loaded = true;
	});
	fresh.on("response", (response) => {
		if (loaded || response.request().resourceType() !== "script") return;
		bodies.push(response.body().catch(() => Buffer.alloc(0)));
	});
	await fresh.goto(siteUrl(path), { waitUntil: "load" });
	const total = (await Promise.all(bodies)).reduce((sum, body) => sum + gzipSync(body, { level: 6 }).length, 0);
	await fresh.close();
	return total;
}

describe("the new pages' first-load JavaScript", () => {
	it("stays within 150 KB gzipped on /new, /new-dataset, /datasets and a dataset page", async () => {
		const figures: Record<string, number> = {};
		for (const path of ["/new", "/new-dataset", "/datasets", "/datasets/nyu-mll/glue", `/datasets/${ORG}/first-data`]) {
			figures[path] = await firstLoadJs(context, path);
		}
		console.log(
			`first-load JavaScript (gzipped): ${Object.entries(figures)
				.map(([path, bytes]) => `${path} ${(bytes / 1024).toFixed(1)} KB`)
				.join(", ")}`,
		);
		for (const [path, bytes] of Object.entries(figures)) {
			expect(bytes, path).toBeGreaterThan(0);
			expect(bytes, path).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
		}
	}, 60_000);
});

describe.each(["light", "dark"] as const)("axe-core and screenshots, %s theme", (colorScheme) => {
	let themed: BrowserContext;
	beforeAll(async () => {
		themed = await newContext(browser, { colorScheme });
		await themed.addCookies(await context.cookies());
	});
	afterAll(async () => {
		await themed?.close();
	});

	const PAGES = [
		["new-model", "/new"],
		["new-dataset", "/new-dataset"],
		["datasets", "/datasets"],
		["dataset-glue", "/datasets/nyu-mll/glue"],
		["dataset-glue-files", "/datasets/nyu-mll/glue/tree/main"],
		["dataset-new-empty", `/datasets/${ORG}/first-data`],
		["model-new", `/${NAME}/first-model`],
	] as const;

	it.each(PAGES)(
		"%s",
		async (slug, path) => {
			const target = await themed.newPage();
			await visit(target, path);
			await target.waitForFunction(() => document.documentElement.dataset.theme !== undefined);
			expect(await target.title()).not.toBe("");
			expect(await seriousViolations(target)).toEqual([]);
			await screenshot(target, `new-repo-${slug}-${colorScheme}`);
			await target.close();
		},
		60_000,
	);

	it("the new model form with a refused name", async () => {
		const target = await themed.newPage();
		await visit(target, "/new");
		await target.getByLabel("Model name").fill("bad--name");
		await expect.poll(() => target.getByTestId("name-status").textContent()).toMatch(/not valid/);
		expect(await seriousViolations(target)).toEqual([]);
		await screenshot(target, `new-repo-refused-name-${colorScheme}`);
		await target.close();
	}, 60_000);
});
