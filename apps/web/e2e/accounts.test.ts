/**
 * Accounts in the browser, through the hub's front door as `npm start` runs it:
 * sign up → the header shows the avatar → a token is made (its secret shown once,
 * then only its name) → the token answers /api/whoami-v2 → revoked, it is refused;
 * sign out → "Log in"; a wrong password gets the hub's message; sign in comes back
 * to `?next=`; a profile edit (and the hub's refusal of a bad link) shows on
 * `/{name}`; organisations and members; /admin is missing for a non-admin; axe
 * finds no serious or critical violation on the new pages, in both themes, wide and
 * at 360 px. Screenshots of the key pages go to .test-results/screenshots.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN } from "./admin-account";
import { seriousViolations } from "./axe";
import { launchBrowser, newContext, screenshot, siteUrl, visit } from "./browser";

const NAME = `e2e-${randomBytes(4).toString("hex")}`;
const ORG = `${NAME}-org`;
const PASSWORD = "correct horse battery staple";
/** A PNG from the task catalogue's demo pictures (its width is in its header, bytes 16–19). */
const AVATAR_PICTURE = fileURLToPath(
	new URL("../../../packages/tasks/assets/demo/image-classification-input.png", import.meta.url),
);

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
	browser = await launchBrowser();
	context = await newContext(browser);
	page = await context.newPage();
});
afterAll(async () => {
	await browser?.close();
});

const whoami = (token: string) => fetch(siteUrl("/api/whoami-v2"), { headers: { Authorization: `Bearer ${token}` } });

async function signIn(target: Page, password: string, next = "/", name = NAME) {
	await visit(target, `/login?next=${encodeURIComponent(next)}`);
	await target.getByLabel("Username or email").fill(name);
	await target.getByLabel("Password").fill(password);
	await target.getByRole("button", { name: "Log in" }).click();
}

describe("accounts", () => {
	it("signs up and shows the avatar menu in the header", async () => {
		await visit(page, "/join");
		await screenshot(page, "join-light");
		await page.getByLabel("Username").fill(NAME);
		await page.getByLabel("Full name (optional)").fill("E2E Person");
		await page.getByLabel("Email").fill(`${NAME}@example.com`);
		await page.getByLabel("Password").fill(PASSWORD);
		await page.getByRole("button", { name: "Sign up" }).click();
		await page.waitForURL(siteUrl(`/${NAME}`));
		const button = page.getByTestId("account-menu-button");
		await button.waitFor();
		expect(await button.getAttribute("aria-label")).toBe(`Account menu for ${NAME}`);
		expect(await button.locator("img").getAttribute("src")).toContain(`/api/avatars/${NAME}`);
		expect(await page.getByRole("link", { name: "Log in" }).count()).toBe(0);
	});

	it("opens the account menu from the keyboard (WAI-ARIA menu button)", async () => {
		const button = page.getByTestId("account-menu-button");
		expect(await button.getAttribute("aria-haspopup")).toBe("menu");
		await button.focus();
		await page.keyboard.press("ArrowDown");
		const menu = page.getByRole("menu");
		await menu.waitFor();
		const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
		expect(await focused()).toContain("Profile");
		await page.keyboard.press("ArrowDown");
		expect(await focused()).toBe("Settings");
		await page.keyboard.press("End");
		expect(await focused()).toBe("Sign out");
		await page.keyboard.press("ArrowDown");
		expect(await focused()).toContain("Profile");
		await page.keyboard.press("Escape");
		await menu.waitFor({ state: "detached" });
		expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
	});

	it("creates a token shown once, which answers whoami until it is revoked", async () => {
		await visit(page, "/settings/tokens");
		await page.getByLabel("Name").fill("e2e laptop");
		await page.getByLabel("Read").check();
		await page.getByLabel("Expires").selectOption("30");
		await page.getByRole("button", { name: "Create token" }).click();
		const secret = (await page.getByTestId("token-secret").textContent()) ?? "";
		expect(secret).toMatch(/^hf_[A-Za-z0-9]{34}$/);
		await page.getByRole("button", { name: "Copy the token" }).waitFor();
		await screenshot(page, "settings-tokens-created-light");

		const answer = await whoami(secret);
		expect(answer.status).toBe(200);
		const body = (await answer.json()) as {
			name: string;
			auth: { accessToken: { displayName: string; role: string } };
		};
		expect(body.name).toBe(NAME);
		expect(body.auth.accessToken).toMatchObject({ displayName: "e2e laptop", role: "read" });

		// Afresh, the page lists the token by name, with its use, and never the secret again.
		await visit(page, "/settings/tokens");
		const list = page.getByTestId("tokens-list");
		expect(await list.textContent()).toContain("e2e laptop");
		expect(await page.content()).not.toContain(secret);
		expect(await page.getByTestId("token-secret").count()).toBe(0);

		await list.getByRole("button", { name: "Revoke e2e laptop" }).click();
		await list.getByRole("button", { name: "Yes, revoke" }).click();
		await page.getByText("Token “e2e laptop” revoked.").waitFor();
		expect((await whoami(secret)).status).toBe(401);
	});

	it("refuses a bad profile link with the hub's message, and shows the edited profile on /{name}", async () => {
		await visit(page, "/settings/profile");
		await page.getByLabel("Bio").fill("I build tiny models.");
		await page.getByLabel("GitHub").fill("javascript:alert(1)");
		await page.getByRole("button", { name: "Save profile" }).click();
		const fieldError = page.locator("#profile-github-error");
		await fieldError.waitFor();
		expect(await fieldError.textContent()).toMatch(/^Invalid github link: /);
		expect(await page.getByLabel("GitHub").getAttribute("aria-invalid")).toBe("true");

		await page.getByLabel("GitHub").fill("https://github.com/e2e-person");
		await page.getByRole("button", { name: "Save profile" }).click();
		await page.getByText("Profile saved.").waitFor();
		await screenshot(page, "settings-profile-light");

		await visit(page, `/${NAME}`);
		expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("E2E Person");
		expect(await page.getByTestId("profile-bio").textContent()).toBe("I build tiny models.");
		const link = page.getByRole("link", { name: /GitHub/ });
		expect(await link.getAttribute("href")).toBe("https://github.com/e2e-person");
		expect(await link.getAttribute("rel")).toBe("me noopener");
		expect(await page.title()).toContain("E2E Person");
		await screenshot(page, "profile-light");
	});

	it("rejects an avatar of the wrong type in the upload area before sending it", async () => {
		await visit(page, "/settings/profile");
		await page
			.getByTestId("avatar-form")
			.locator('input[type="file"]')
			.setInputFiles({
				name: "notes.txt",
				mimeType: "text/plain",
				buffer: Buffer.from("not a picture"),
			});
		const alert = page.getByTestId("avatar-form").getByRole("alert");
		await alert.waitFor();
		expect(await alert.textContent()).toContain("PNG, JPEG, WebP or GIF");
	});

	it("uploads an avatar, shown on the profile through next/image from a same-origin path", async () => {
		await visit(page, "/settings/profile");
		const form = page.getByTestId("avatar-form");
		await form.locator('input[type="file"]').setInputFiles(AVATAR_PICTURE);
		await form.getByText("Avatar updated.").waitFor();
		const uploaded = await form.getByRole("img", { name: `Current avatar of ${NAME}` }).getAttribute("src");
		expect(uploaded).toMatch(new RegExp(`^/api/avatars/${NAME}/[0-9a-f]{16}$`));
		const served = await fetch(siteUrl(uploaded as string));
		expect(served.status).toBe(200);
		expect(served.headers.get("content-type")).toBe("image/png");

		await visit(page, `/${NAME}`);
		const avatar = page.getByRole("img", { name: `Avatar of ${NAME}` });
		expect(await avatar.getAttribute("src")).toBe(uploaded);
		const width = readFileSync(AVATAR_PICTURE).readUInt32BE(16);
		expect(await avatar.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(width);
	});

	it("creates an organization, lists it with my role, and manages its members", async () => {
		await visit(page, "/settings/organizations");
		await page.getByLabel("Name", { exact: true }).fill(ORG);
		await page.getByRole("button", { name: "Create organization" }).click();
		await page.getByText(`Organization ${ORG} created.`).waitFor();
		const mine = page.getByTestId("my-orgs");
		await mine.waitFor();
		expect(await mine.getByRole("row", { name: new RegExp(ORG) }).textContent()).toContain("admin");

		await visit(page, `/organizations/${ORG}/members`);
		const members = page.getByTestId("members-table");
		expect(await members.textContent()).toContain(NAME);
		// The last admin cannot step down: the hub's refusal is shown.
		await members.getByLabel(`Role of ${NAME}`).selectOption("read");
		await page.locator(".form-error").waitFor();
		expect(await members.getByLabel(`Role of ${NAME}`).inputValue()).toBe("admin");
		await screenshot(page, "org-members-light");
	});

	it("answers /admin as missing for a user who is not an administrator", async () => {
		const response = await page.goto(siteUrl("/admin"));
		expect(response?.status()).toBe(404);
	});

	it("signs out from the menu: the header shows Log in again", async () => {
		await visit(page, "/");
		await page.getByTestId("account-menu-button").click();
		await page.getByRole("menuitem", { name: "Sign out" }).click();
		await page.getByRole("link", { name: "Log in" }).waitFor();
		expect(await page.getByTestId("account-menu-button").count()).toBe(0);
		// The settings pages now send the visitor to sign in, and back afterwards.
		await page.goto(siteUrl("/settings/tokens"));
		expect(new URL(page.url()).pathname).toBe("/login");
		expect(new URL(page.url()).searchParams.get("next")).toBe("/settings/tokens");
	});

	it("shows the hub's message for a wrong password, then signs in and returns to ?next=", async () => {
		await signIn(page, "not the password at all");
		const alert = page.getByRole("alert").filter({ hasText: "Invalid username or password" });
		await alert.waitFor();
		await screenshot(page, "login-error-light");
		await signIn(page, PASSWORD, "/settings/tokens");
		await page.waitForURL(siteUrl("/settings/tokens"));
		await page.getByTestId("account-menu-button").waitFor();
	});

	it("sends ?next= only to paths on this site", async () => {
		for (const next of ["https://evil.example/", "//evil.example/x", "/\\evil.example"]) {
			await visit(page, `/login?next=${encodeURIComponent(next)}`);
			// Signed in already: the page sends the visitor on at once, to "/" rather than away.
			expect(new URL(page.url()).origin).toBe(new URL(siteUrl()).origin);
			expect(new URL(page.url()).pathname).toBe("/");
		}
	});
});

describe("account deletion", () => {
	it("deletes an account only once its name is typed: the profile is gone and the header shows Log in", async () => {
		const leaving = `${NAME}-bye`;
		const own = await newContext(browser);
		const target = await own.newPage();
		try {
			await visit(target, "/join");
			await target.getByLabel("Username").fill(leaving);
			await target.getByLabel("Email").fill(`${leaving}@example.com`);
			await target.getByLabel("Password").fill(PASSWORD);
			await target.getByRole("button", { name: "Sign up" }).click();
			await target.waitForURL(siteUrl(`/${leaving}`));

			await visit(target, "/settings/account");
			const button = target.getByRole("button", { name: "Delete my account" });
			await target.getByLabel(/Type .* to confirm/).fill(leaving.toUpperCase());
			expect(await button.isDisabled()).toBe(true);
			await target.getByLabel(/Type .* to confirm/).fill(leaving);
			await button.click();
			await target.waitForURL(siteUrl("/"));
			await target.getByRole("link", { name: "Log in" }).waitFor();
			const gone = await target.goto(siteUrl(`/${leaving}`));
			expect(gone?.status()).toBe(404);
		} finally {
			await own.close();
		}
	});
});

describe("administration", () => {
	it("lets an administrator search, disable and enable, make admin and reset a password", async () => {
		for (const colorScheme of ["light", "dark"] as const) {
			const adminContext = await newContext(browser, { colorScheme });
			const admin = await adminContext.newPage();
			try {
				await signIn(admin, E2E_ADMIN.password, "/admin", E2E_ADMIN.name);
				await admin.waitForURL(siteUrl("/admin"));
				expect(await admin.getByRole("heading", { level: 1 }).textContent()).toBe("Administration");
				await admin.getByLabel("Search users").fill(NAME);
				await admin.getByRole("button", { name: "Search", exact: true }).click();
				await admin.getByText("1 user found.").waitFor();
				const row = admin.getByTestId("admin-users").getByRole("row", { name: new RegExp(NAME) });
				expect(await row.textContent()).toContain(`${NAME}@example.com`);
				expect(await seriousViolations(admin)).toEqual([]);
				await screenshot(admin, `admin-${colorScheme}`);
				if (colorScheme === "dark") continue;

				await row.getByRole("button", { name: `Disable ${NAME}` }).click();
				await admin.getByText(`${NAME} disabled.`).waitFor();
				expect(await row.textContent()).toContain("Disabled");
				await row.getByRole("button", { name: `Enable ${NAME}` }).click();
				await admin.getByText(`${NAME} enabled.`).waitFor();
				await row.getByRole("button", { name: `Make admin ${NAME}` }).click();
				await admin.getByText(`${NAME} is now an administrator.`).waitFor();
				await row.getByRole("button", { name: `Remove admin ${NAME}` }).click();
				await admin.getByText(`${NAME} is no longer an administrator.`).waitFor();
				// The same password again: the sessions end, and the tests after this one still sign in with it.
				await row.getByRole("button", { name: `Reset password of ${NAME}` }).click();
				await row.getByLabel(`New password for ${NAME}`).fill(PASSWORD);
				await row.getByRole("button", { name: "Set" }).click();
				await admin.getByText(`Password of ${NAME} set; their sessions have ended.`).waitFor();

				// An administrator cannot disable themselves: the hub's refusal is shown.
				await admin.getByLabel("Search users").fill(E2E_ADMIN.name);
				await admin.getByRole("button", { name: "Search", exact: true }).click();
				await admin.getByText("1 user found.").waitFor();
				await admin.getByRole("button", { name: `Disable ${E2E_ADMIN.name}` }).click();
				await admin.locator(".form-error").waitFor();
			} finally {
				await adminContext.close();
			}
		}
	}, 120_000);
});

const SIGNED_IN_PAGES = [
	"/settings/profile",
	"/settings/password",
	"/settings/tokens",
	"/settings/organizations",
	"/settings/account",
	`/${NAME}`,
	`/organizations/${ORG}/members`,
];
const SIGNED_OUT_PAGES = ["/join", "/login"];

const VARIANTS = [
	{ colorScheme: "light", width: 1280, height: 900 },
	{ colorScheme: "dark", width: 1280, height: 900 },
	{ colorScheme: "light", width: 360, height: 780 },
	{ colorScheme: "dark", width: 360, height: 780 },
] as const;

describe.each(VARIANTS)("account pages, $colorScheme theme, $width px wide", (variant) => {
	let themed: BrowserContext;
	beforeAll(async () => {
		themed = await newContext(browser, variant);
	});
	afterAll(async () => {
		await themed?.close();
	});

	const check = async (target: Page, path: string) => {
		await visit(target, path);
		await target.waitForFunction(() => document.documentElement.dataset.theme !== undefined);
		expect(await target.title()).not.toBe("");
		expect(await target.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
		expect(await seriousViolations(target)).toEqual([]);
		// Nothing wider than the window at 360 px.
		expect(await target.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
		const slug = path.replaceAll(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
		await screenshot(target, `account-${slug.replace(NAME, "user")}-${variant.colorScheme}-${variant.width}`);
	};

	it.each(SIGNED_OUT_PAGES)("%s (signed out)", async (path) => {
		const target = await themed.newPage();
		await check(target, path);
		await target.close();
	});

	it("the signed-in pages", async () => {
		const target = await themed.newPage();
		await signIn(target, PASSWORD);
		await target.getByTestId("account-menu-button").waitFor();
		for (const path of SIGNED_IN_PAGES) await check(target, path);
		// The header's menu, open.
		await target.getByTestId("account-menu-button").click();
		await target.getByRole("menu").waitFor();
		expect(await seriousViolations(target)).toEqual([]);
		await screenshot(target, `account-menu-${variant.colorScheme}-${variant.width}`);
		await target.close();
	}, 180_000);
});
