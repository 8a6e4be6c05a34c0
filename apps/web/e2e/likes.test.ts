/**
 * Like buttons on the cards of lists, in Chromium. A person's repositories are made
 * through the API in set-up, named with one word that only they hold so a search lists
 * them alone, and made in a known order (the ones to be liked first, so "Recently
 * created" puts them last and only likes can lift them). Signed out, a card's like is a
 * link to sign in that comes back to the list; signed in, likes from cards in /models and
 * /datasets count up, show on the repository's page and in the profile's "Liked" list
 * (a model and a dataset, each linked to its own page), unliking takes it away, sorting
 * by likes puts the liked one first, and a like the hub refuses goes back with its
 * message. Screenshots (both themes, 390 and 1280 px wide) and axe scans of the lists and
 * the profile.
 */
import { randomBytes } from "node:crypto";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { launchBrowser, newContext, screenshot, siteUrl, visit } from "./browser";

const SUFFIX = randomBytes(4).toString("hex");
const OWNER = `e2e-liker-${SUFFIX}`;
const PASSWORD = "correct horse battery staple";
/** The one word every repository here has in its id, and no other repository does. */
const WORD = `lk${SUFFIX}`;
const LIKED_MODEL = `${OWNER}/${WORD}-liked-model`;
const OTHER_MODEL = `${OWNER}/${WORD}-other-model`;
const DOOMED_MODEL = `${OWNER}/${WORD}-doomed-model`;
const LIKED_DATASET = `${OWNER}/${WORD}-liked-data`;
const OTHER_DATASET = `${OWNER}/${WORD}-other-data`;
const MODELS_PAGE = `/models?search=${WORD}`;
const DATASETS_PAGE = `/datasets?search=${WORD}`;

let browser: Browser;
let owner: Page;
let session = "";

/** A JSON call to the hub as the owner (their session cookie; the site's origin satisfies the CSRF rule). */
async function api(path: string, init: { method?: string; json?: unknown; signedIn?: boolean } = {}) {
	const headers: Record<string, string> = { Origin: new URL(siteUrl()).origin };
	if (init.signedIn !== false) headers.Cookie = `hubkit_session=${session}`;
	if (init.json !== undefined) headers["Content-Type"] = "application/json";
	const body = init.json === undefined ? undefined : JSON.stringify(init.json);
	return fetch(siteUrl(path), { method: init.method ?? "GET", headers, body });
}

async function createRepo(id: string, type: "model" | "dataset") {
	const answer = await api("/api/repos/create", {
		method: "POST",
		json: { name: id.split("/")[1], organization: OWNER, type },
	});
	expect(answer.status, `create ${id}`).toBe(200);
}

async function signedInContext(options: { width?: number; colorScheme?: "light" | "dark" } = {}) {
	const context = await newContext(browser, options);
	await context.addCookies([{ name: "hubkit_session", value: session, url: siteUrl() }]);
	return context;
}

/** The card of `id` in the page's list (its own link named exactly by the id). */
const card = (page: Page, id: string): Locator =>
	page.getByRole("listitem").filter({ has: page.getByRole("link", { name: id, exact: true }) });

/** The card's like toggle, once the visitor's likes have been read (it is a sign-in link until then). */
const likeToggle = (page: Page, id: string) => card(page, id).getByRole("button", { name: /^Like, / });

/** The ids of a list's cards, in order. */
async function cardIds(page: Page, list: string): Promise<string[]> {
	return page.getByRole("list", { name: list, exact: true }).locator(".model-item-id").allTextContents();
}

async function likedOnProfile(page: Page): Promise<{ name: string; href: string | null }[]> {
	await visit(page, `/${OWNER}`);
	const links = page.getByTestId("liked-list").locator(".model-item-id");
	const found = [];
	for (const link of await links.all())
		found.push({ name: await link.textContent(), href: await link.getAttribute("href") });
	return found;
}

/** Screenshots of the page in both themes, and an axe scan in each. */
async function scanBothThemes(page: Page, name: string) {
	for (const colorScheme of ["light", "dark"] as const) {
		await page.emulateMedia({ colorScheme });
		await page.reload();
		await page.waitForFunction((scheme) => document.documentElement.dataset.theme === scheme, colorScheme);
		await page.locator(".card-like").first().waitFor();
		// The header's account corner shares the cards' whoami: its avatar (or "Log in") shows too.
		await page.locator('[data-testid="account-menu-button"] img, .header-account a').first().waitFor();
		await screenshot(page, `${name}-${colorScheme}`);
		expect(await seriousViolations(page), `${name} (${colorScheme})`).toEqual([]);
	}
	await page.emulateMedia({ colorScheme: "light" });
}

beforeAll(async () => {
	browser = await launchBrowser();
	const answer = await api("/api/auth/signup", {
		method: "POST",
		signedIn: false,
		json: { username: OWNER, email: `${OWNER}@example.com`, password: PASSWORD },
	});
	expect(answer.status).toBe(201);
	const cookie = answer.headers.getSetCookie().find((line) => line.startsWith("hubkit_session="));
	session = cookie?.split(";")[0]?.split("=")[1] ?? "";
	// One after another: "Recently created" then lists the ones to be liked last.
	await createRepo(LIKED_MODEL, "model");
	await createRepo(OTHER_MODEL, "model");
	await createRepo(DOOMED_MODEL, "model");
	await createRepo(LIKED_DATASET, "dataset");
	await createRepo(OTHER_DATASET, "dataset");
	owner = await (await signedInContext()).newPage();
});
afterAll(async () => {
	await browser?.close();
});

describe("likes on the cards of lists", () => {
	it("sends a signed-out visitor who likes a card to sign in, and back to the list", async () => {
		const context = await newContext(browser);
		const visitor = await context.newPage();
		await visit(visitor, MODELS_PAGE);
		// The header's "Log in" shows once the page has hydrated: the cards' links then come back with the query.
		await visitor.getByRole("link", { name: "Log in" }).waitFor();
		const signIn = card(visitor, LIKED_MODEL).getByRole("link", { name: /^Sign in to like/ });
		expect(await signIn.getByTestId("like-count").textContent()).toBe("0");
		await signIn.click();
		await visitor.waitForURL((url) => url.pathname === "/login");
		expect(new URL(visitor.url()).searchParams.get("next")).toBe(MODELS_PAGE);

		await visitor.getByLabel("Username or email").fill(OWNER);
		await visitor.getByLabel("Password").fill(PASSWORD);
		await visitor.getByRole("button", { name: "Log in" }).click();
		await visitor.waitForURL((url) => url.pathname === "/models" && url.searchParams.get("search") === WORD);
		// Back on the list, signed in: the card's like is now a button, not pressed.
		expect(await likeToggle(visitor, LIKED_MODEL).getAttribute("aria-pressed")).toBe("false");
		await context.close();
	});

	it("likes a model from its card in /models: the count goes up and its page shows it liked", async () => {
		await visit(owner, MODELS_PAGE);
		const like = likeToggle(owner, LIKED_MODEL);
		expect(await like.getAttribute("aria-pressed")).toBe("false");
		expect(await like.getByTestId("like-count").textContent()).toBe("0");
		await like.click();
		await expect.poll(() => like.getAttribute("aria-pressed")).toBe("true");
		await expect.poll(() => like.getByTestId("like-count").textContent()).toBe("1");
		expect((await (await api(`/api/models/${LIKED_MODEL}`)).json()).likes).toBe(1);

		// A fresh load reads the person's likes once and presses the button again.
		await visit(owner, MODELS_PAGE);
		expect(await likeToggle(owner, LIKED_MODEL).getAttribute("aria-pressed")).toBe("true");
		expect(await likeToggle(owner, OTHER_MODEL).getAttribute("aria-pressed")).toBe("false");

		await visit(owner, `/${LIKED_MODEL}`);
		const onPage = owner.getByRole("button", { name: /^Liked/ });
		expect(await onPage.getAttribute("aria-pressed")).toBe("true");
		expect(await onPage.getByTestId("like-count").textContent()).toBe("1");
	});

	it("likes a dataset from its card in /datasets, and its page shows it liked", async () => {
		await visit(owner, DATASETS_PAGE);
		const like = likeToggle(owner, LIKED_DATASET);
		expect(await like.getAttribute("aria-pressed")).toBe("false");
		await like.click();
		await expect.poll(() => like.getAttribute("aria-pressed")).toBe("true");
		await expect.poll(() => like.getByTestId("like-count").textContent()).toBe("1");

		await visit(owner, `/datasets/${LIKED_DATASET}`);
		const onPage = owner.getByRole("button", { name: /^Liked/ });
		expect(await onPage.getAttribute("aria-pressed")).toBe("true");
		expect(await onPage.getByTestId("like-count").textContent()).toBe("1");
	});

	it("lists the liked model and the liked dataset under Liked on the profile, each linked to its page", async () => {
		const liked = await likedOnProfile(owner);
		expect(liked).toEqual([
			{ name: LIKED_DATASET, href: `/datasets/${LIKED_DATASET}` },
			{ name: LIKED_MODEL, href: `/${LIKED_MODEL}` },
		]);
		const list = owner.getByTestId("liked-list");
		expect(await list.getByRole("listitem").allInnerTexts()).toEqual([
			expect.stringContaining("Dataset"),
			expect.stringContaining("Model"),
		]);
		// The profile's own model and dataset cards carry the buttons too, pressed for what was liked.
		expect(await likeToggle(owner, LIKED_MODEL).getAttribute("aria-pressed")).toBe("true");
		expect(await likeToggle(owner, OTHER_DATASET).getAttribute("aria-pressed")).toBe("false");
		await scanBothThemes(owner, "likes-profile");
	});

	it("sorts by likes: the liked one comes first, where 'Recently created' put it last", async () => {
		await visit(owner, `${MODELS_PAGE}&sort=createdAt`);
		expect(await cardIds(owner, "Models")).toEqual([DOOMED_MODEL, OTHER_MODEL, LIKED_MODEL]);
		await owner.getByLabel("Sort").selectOption("likes");
		await owner.waitForURL((url) => url.searchParams.get("sort") === "likes");
		await expect.poll(() => cardIds(owner, "Models").then((ids) => ids[0])).toBe(LIKED_MODEL);

		await visit(owner, `${DATASETS_PAGE}&sort=createdAt`);
		expect(await cardIds(owner, "Datasets")).toEqual([OTHER_DATASET, LIKED_DATASET]);
		await owner.getByLabel("Sort").selectOption("likes");
		await owner.waitForURL((url) => url.searchParams.get("sort") === "likes");
		await expect.poll(() => cardIds(owner, "Datasets")).toEqual([LIKED_DATASET, OTHER_DATASET]);
	});

	it("shows the like buttons on lists in both themes, wide and narrow, with no serious axe violations", async () => {
		for (const width of [1280, 390]) {
			const context = await signedInContext({ width });
			const page = await context.newPage();
			await visit(page, MODELS_PAGE);
			await likeToggle(page, LIKED_MODEL).waitFor();
			await scanBothThemes(page, `likes-models-${width}`);
			await visit(page, DATASETS_PAGE);
			await likeToggle(page, LIKED_DATASET).waitFor();
			await scanBothThemes(page, `likes-datasets-${width}`);
			await context.close();
		}
		const signedOut = await newContext(browser, { width: 390 });
		const visitor = await signedOut.newPage();
		await visit(visitor, MODELS_PAGE);
		await scanBothThemes(visitor, "likes-models-signed-out-390");
		await signedOut.close();
	});

	it("unlikes from the card, and the model leaves the Liked list", async () => {
		await visit(owner, MODELS_PAGE);
		const like = likeToggle(owner, LIKED_MODEL);
		expect(await like.getAttribute("aria-pressed")).toBe("true");
		await like.click();
		await expect.poll(() => like.getAttribute("aria-pressed")).toBe("false");
		await expect.poll(() => like.getByTestId("like-count").textContent()).toBe("0");
		expect(await likedOnProfile(owner)).toEqual([{ name: LIKED_DATASET, href: `/datasets/${LIKED_DATASET}` }]);
	});

	it("puts a like the hub refuses back as it was, and says why", async () => {
		await visit(owner, MODELS_PAGE);
		const like = likeToggle(owner, DOOMED_MODEL);
		expect(await like.getAttribute("aria-pressed")).toBe("false");
		// Gone while the page was open: the like that follows is refused.
		const deleted = await api("/api/repos/delete", {
			method: "DELETE",
			json: { name: DOOMED_MODEL.split("/")[1], organization: OWNER, type: "model" },
		});
		expect(deleted.ok).toBe(true);
		await like.click();
		const alert = card(owner, DOOMED_MODEL).getByRole("alert");
		await expect.poll(() => alert.textContent()).toMatch(/^Could not like it: .*not found/i);
		expect(await like.getAttribute("aria-pressed")).toBe("false");
		expect(await like.getByTestId("like-count").textContent()).toBe("0");
	});
});
