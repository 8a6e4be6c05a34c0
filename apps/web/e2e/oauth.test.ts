/**
 * The hub as an OAuth provider for an unmodified `@huggingface/hub` client, in
 * Chromium: a tiny app page, served by this test on its own 127.0.0.1 port (so
 * another origin, as a real app is), loads the package's own browser build and
 * calls `oauthLoginUrl({ hubUrl, clientId, redirectUrl })` then
 * `oauthHandleRedirect({ hubUrl })`. The person registers the app on
 * /settings/applications, starts signed out, signs in on /login, approves on the
 * consent page, and the app gets userInfo and a token the hub's other routes
 * accept. Denying brings the app `access_denied`.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { dirname, join, normalize } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, screenshot, siteUrl } from "./browser";

const PASSWORD = "oauth e2e password";
const USER = "oauth-e2e";
/** The package's own browser build, next to its main entry (dist/index.js). */
const BROWSER_BUILD = join(dirname(createRequire(import.meta.url).resolve("@huggingface/hub")), "browser");

/**
 * The package's browser build imports `@huggingface/xetchunk-wasm` by name for uploads, which this page
 * never makes: the import map points it at a module with the same exports that refuse to run.
 */
function xetStub(): string {
	const source = readFileSync(join(BROWSER_BUILD, "index.mjs"), "utf8");
	const names = new Set<string>();
	for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"@huggingface\/xetchunk-wasm"/g)) {
		for (const item of (match[1] ?? "").split(",")) {
			const name = item.trim().split(/\s+as\s+/)[0];
			if (name) names.add(name);
		}
	}
	return [...names].map((name) => `export function ${name}() { throw new Error("not used by this page"); }`).join("\n");
}

function appPage(hubUrl: string, clientId: string, redirectUrl: string): string {
	return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>OAuth test app</title>
<script type="importmap">{"imports":{"@huggingface/xetchunk-wasm":"/xetchunk-stub.mjs"}}</script>
</head><body>
<h1>OAuth test app</h1>
<button id="sign-in" type="button">Sign in with the hub</button>
<pre id="result"></pre>
<script type="module">
import { oauthHandleRedirect, oauthLoginUrl } from "/hub/index.mjs";
const hubUrl = ${JSON.stringify(hubUrl)};
const result = document.getElementById("result");
const params = new URLSearchParams(location.search);
if (params.has("code") || params.has("error")) {
	try {
		const login = await oauthHandleRedirect({ hubUrl });
		const whoami = await fetch(hubUrl + "/api/whoami-v2", { headers: { Authorization: "Bearer " + login.accessToken } });
		result.textContent = JSON.stringify({ ok: true, login, whoami: await whoami.json() });
	} catch (error) {
		result.textContent = JSON.stringify({ ok: false, message: String(error.message) });
	}
}
document.getElementById("sign-in").addEventListener("click", async () => {
	location.href = await oauthLoginUrl({
		hubUrl,
		clientId: ${JSON.stringify(clientId)},
		redirectUrl: ${JSON.stringify(redirectUrl)},
		scopes: "openid profile email",
		state: "back-to-notebook",
	});
});
</script></body></html>`;
}

let browser: Browser;
let appServer: Server;
let appUrl: string;
let clientId = "";

beforeAll(async () => {
	browser = await launchBrowser();
	const stub = xetStub();
	appServer = createServer((request, response) => {
		const path = new URL(request.url ?? "/", "http://app.invalid").pathname;
		if (path === "/") {
			response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
			response.end(appPage(new URL(siteUrl("/")).origin, clientId, `${appUrl}/`));
		} else if (path === "/xetchunk-stub.mjs") {
			response.writeHead(200, { "content-type": "text/javascript" });
			response.end(stub);
		} else if (path.startsWith("/hub/") && path.endsWith(".mjs")) {
			const file = normalize(join(BROWSER_BUILD, path.slice("/hub/".length)));
			if (!file.startsWith(BROWSER_BUILD)) {
				response.writeHead(404).end();
				return;
			}
			response.writeHead(200, { "content-type": "text/javascript" });
			response.end(readFileSync(file));
		} else {
			response.writeHead(404).end();
		}
	});
	await new Promise<void>((done) => appServer.listen(0, "127.0.0.1", done));
	appUrl = `http://127.0.0.1:${(appServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
	await browser?.close();
	await new Promise<void>((done) => (appServer ? appServer.close(() => done()) : done()));
});

interface AppResult {
	ok: boolean;
	message?: string;
	login: { accessToken: string; state: string; scope: string; userInfo: Record<string, unknown> };
	whoami: { name: string };
}

async function appResult(page: Page): Promise<AppResult> {
	const result = page.locator("#result");
	await expect.poll(async () => (await result.textContent()) ?? "", { timeout: 30_000 }).not.toBe("");
	return JSON.parse((await result.textContent()) ?? "");
}

describe("OAuth sign-in with @huggingface/hub", () => {
	it("registers an app in settings", async () => {
		const context = await newContext(browser);
		const signup = await context.request.post(siteUrl("/api/auth/signup"), {
			data: { username: USER, email: `${USER}@example.com`, password: PASSWORD, fullname: "OAuth Person" },
			headers: { origin: new URL(siteUrl("/")).origin },
		});
		expect(signup.status()).toBe(201);
		const page = await context.newPage();
		await page.goto(siteUrl("/settings/applications"));
		await page.getByLabel("Name").fill("Notebook app");
		await page.getByLabel("Redirect URIs").fill(`${appUrl}/`);
		await page.getByLabel("Public (PKCE, no secret)").check();
		await page.getByRole("button", { name: "Register" }).click();
		clientId = (await page.getByTestId("oauth-client-id").textContent()) ?? "";
		expect(clientId).toMatch(/^[0-9a-f-]{36}$/);
		expect(await page.getByTestId("oauth-client-secret").count()).toBe(0);
		await expect.poll(() => page.getByTestId("oauth-apps-table").textContent()).toContain("Notebook app");
		await screenshot(page, "settings-applications");
		await context.close();
	});

	it("signs a signed-out visitor in, asks consent, and hands the app userInfo and a hub token", async () => {
		const context = await newContext(browser);
		const page = await context.newPage();
		await page.goto(`${appUrl}/`);
		await page.getByRole("button", { name: "Sign in with the hub" }).click();

		// Signed out: the hub sends the visitor to /login, which comes back to the same request.
		await page.waitForURL((url) => url.pathname === "/login");
		expect(new URL(page.url()).searchParams.get("next")).toMatch(/^\/oauth\/authorize\?client_id=/);
		await page.getByLabel("Username or email").fill(USER);
		await page.getByLabel("Password").fill(PASSWORD);
		await page.getByRole("button", { name: /log in/i }).click();

		await page.waitForURL((url) => url.pathname === "/oauth/authorize");
		await expect.poll(() => page.getByTestId("consent-app").textContent()).toBe("Notebook app");
		const scopes = (await page.getByTestId("consent-scopes").textContent()) ?? "";
		for (const scope of ["openid", "profile", "email"]) expect(scopes).toContain(scope);
		expect(scopes).not.toContain("write-repos");
		await screenshot(page, "oauth-consent");
		await page.getByRole("button", { name: "Authorize" }).click();

		await page.waitForURL((url) => url.origin === appUrl);
		const result = await appResult(page);
		expect(result.ok, result.message).toBe(true);
		expect(result.login.accessToken).toMatch(/^hf_[A-Za-z0-9]{34}$/);
		expect(result.login.state).toBe("back-to-notebook");
		expect(result.login.scope).toBe("openid profile email");
		expect(result.login.userInfo).toMatchObject({
			preferred_username: USER,
			name: "OAuth Person",
			email: `${USER}@example.com`,
			profile: siteUrl(`/${USER}`),
		});
		expect(result.whoami.name).toBe(USER);
		await context.close();
	});

	it("tells the app when the person denies", async () => {
		const context = await newContext(browser);
		const login = await context.request.post(siteUrl("/api/auth/login"), {
			data: { username: USER, password: PASSWORD },
			headers: { origin: new URL(siteUrl("/")).origin },
		});
		expect(login.status()).toBe(200);
		const page = await context.newPage();
		await page.goto(`${appUrl}/`);
		await page.getByRole("button", { name: "Sign in with the hub" }).click();
		await page.waitForURL((url) => url.pathname === "/oauth/authorize");
		await page.getByRole("button", { name: "Deny" }).click();
		await page.waitForURL((url) => url.origin === appUrl);
		const result = await appResult(page);
		expect(result).toEqual({ ok: false, message: "access_denied: The user denied the request" });
		await context.close();
	});
});
