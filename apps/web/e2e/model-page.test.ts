/**
 * A model page: header, card, files, "Use this model" (copy a snippet, read it
 * back from the clipboard), the inference panel (provider and language), old
 * bare ids, missing models, a hostile card that must not run anything, and the
 * panels of what the hub read from pushed weights (model size, GGUF, model tree).
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
// @ts-expect-error the runtime's model writers, outside what the site's TypeScript set-up resolves (as chat-model.ts loads them)
import { writeGguf } from "@hubkit/runtime/models";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, screenshot, siteUrl, visit } from "./browser";
import { HOSTILE_MODEL_ID } from "./hostile-model";

let browser: Browser;
beforeAll(async () => {
	browser = await launchBrowser();
});
afterAll(async () => {
	await browser?.close();
});

const MODEL = "openai/gpt-oss-120b";

describe("model page", () => {
	it("opens Use this model from the keyboard and copies a snippet to the clipboard", async () => {
		const context = await newContext(browser);
		await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: siteUrl("/") });
		const page = await context.newPage();
		await visit(page, `/${MODEL}`);
		expect(await page.title()).toBe(`${MODEL} · Hubkit`);
		await page.getByText("downloads").first().waitFor();

		const trigger = page.getByRole("button", { name: "Use this model" });
		await trigger.focus();
		await page.keyboard.press("Enter");
		const dialog = page.getByRole("dialog", { name: "Use this model" });
		await dialog.waitFor();
		await screenshot(page, "model-use-this-model-light");
		const block = dialog.locator(".code-block").first();
		const shown = await block.locator("code").textContent();
		expect(shown).toContain(MODEL);
		await block.getByRole("button", { name: /^Copy/ }).click();
		await dialog.getByRole("button", { name: "Copied" }).waitFor();
		expect(await page.getByRole("status").filter({ hasText: "Copied" }).count()).toBeGreaterThan(0);
		expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);

		// Escape closes the popover and gives focus back to its button.
		await page.keyboard.press("Escape");
		await dialog.waitFor({ state: "detached" });
		expect(await trigger.evaluate((element) => element === document.activeElement)).toBe(true);
		await context.close();
	});

	it("switches provider and language in the inference panel; snippets point at this hub and read HF_TOKEN", async () => {
		const context = await newContext(browser, { colorScheme: "dark" });
		const page = await context.newPage();
		await visit(page, `/${MODEL}`);
		const panel = page.getByTestId("inference-panel");
		const code = panel.locator(".code-block:not(:has(.code-block-title:text-is('Install'))) code").last();
		const provider = panel.getByLabel("Provider");
		expect(await provider.inputValue()).toBe("cerebras");
		const python = await code.textContent();
		expect(python).toContain("HF_TOKEN");

		await provider.selectOption("groq");
		await expect.poll(() => code.textContent()).not.toBe(python);
		const groqPython = await code.textContent();
		expect(groqPython).toContain("groq");

		await panel.getByRole("tab", { name: "cURL" }).click();
		await expect.poll(() => code.textContent()).toContain("curl");
		const curl = (await code.textContent()) ?? "";
		expect(curl).toContain(new URL(siteUrl("/")).host);
		expect(curl).toContain("$HF_TOKEN");
		expect(curl).not.toMatch(/hf_[A-Za-z0-9]{10,}/);

		// Arrow keys move between the language tabs (WAI-ARIA tabs pattern).
		await panel.getByRole("tab", { name: "cURL" }).focus();
		await page.keyboard.press("ArrowLeft");
		await expect.poll(() => panel.getByRole("tab", { name: "JavaScript" }).getAttribute("aria-selected")).toBe("true");
		await screenshot(page, "model-inference-panel-dark");
		await context.close();
	});

	it("lists files with sizes, LFS badges and download links through resolve", async () => {
		const context = await newContext(browser);
		const page = await context.newPage();
		await visit(page, `/${MODEL}`);
		await page.getByRole("link", { name: "Files" }).click();
		await page.waitForURL(`**/${MODEL}/tree/main`);
		const readme = page.getByRole("link", { name: "Download README.md" });
		expect(await readme.getAttribute("href")).toBe(`/${MODEL}/resolve/main/README.md`);
		expect(await page.locator(".badge", { hasText: "LFS" }).count()).toBeGreaterThan(0);
		const download = await page.request.get(siteUrl(`/${MODEL}/resolve/main/README.md`));
		expect(download.status()).toBe(200);
		await screenshot(page, "model-files-light");
		await context.close();
	});

	it("follows an old bare id to the model, and answers 404 for a missing one", async () => {
		const context = await newContext(browser);
		const page = await context.newPage();
		await visit(page, "/distilroberta-base");
		expect(new URL(page.url()).pathname).toBe("/distilbert/distilroberta-base");
		expect(await page.locator(".model-title").textContent()).toBe("distilbert/distilroberta-base");
		const missing = await page.goto(siteUrl("/nobody/no-such-model"));
		expect(missing?.status()).toBe(404);
		await page.getByRole("heading", { name: "Nothing here" }).waitFor();
		// The hub answers a missing page with the site's server-rendered not-found page (routes/site-proxy.ts).
		expect(await page.title()).toBe("Page not found · Hubkit");
		await screenshot(page, "not-found-light");
		await context.close();
	});

	it("renders a hostile card as markdown and runs none of its HTML or script", async () => {
		const context = await newContext(browser);
		const page = await context.newPage();
		const dialogs: string[] = [];
		page.on("dialog", (dialog) => {
			dialogs.push(dialog.message());
			void dialog.dismiss();
		});
		await visit(page, `/${HOSTILE_MODEL_ID}`);
		const card = page.getByTestId("model-card");
		await card.getByRole("heading", { name: "Hostile card" }).waitFor();
		expect(await card.locator("table td").first().textContent()).toBe("gfm");
		expect(await card.locator("script, [onerror], [onclick]").count()).toBe(0);
		expect(await card.textContent()).not.toContain("do-not-show-this");
		// The repository's own picture loads from this hub; the third-party one is only a link.
		expect(await card.locator("img").getAttribute("src")).toBe(`/${HOSTILE_MODEL_ID}/resolve/main/pic.png`);
		expect(await card.getByRole("link", { name: "Image: a third-party picture" }).getAttribute("href")).toBe(
			"https://images.example.com/tracker.png",
		);
		expect(await card.getByRole("link", { name: "a javascript link" }).getAttribute("href")).not.toContain(
			"javascript:",
		);
		// Every link off the hub, however it is spelled, gets no opener, no referrer and no ranking.
		for (const name of ["a protocol-relative link", "an uppercase scheme", "an absolute one"]) {
			expect(await card.getByRole("link", { name }).getAttribute("rel"), name).toBe("noopener noreferrer nofollow");
		}
		for (const name of ["a page of this hub", "a file here"]) {
			expect(await card.getByRole("link", { name }).getAttribute("rel"), name).toBeNull();
		}
		await card.getByRole("link", { name: "a javascript link" }).click();
		expect(await page.evaluate(() => (window as { __pwned?: string }).__pwned)).toBeUndefined();
		expect(dialogs).toEqual([]);
		await context.close();
	});
});

describe("inference panel", () => {
	/** `GET /api/providers` as the page reads it. */
	async function hubProviders() {
		const response = await fetch(siteUrl("/api/providers"));
		return (await response.json()) as { id: string; kind: string; configured: boolean; tasks: string[] }[];
	}

	it("marks the providers this hub cannot route to, and says why, from GET /api/providers", async () => {
		const providers = await hubProviders();
		// The test hub has no provider keys and runs its local runtime (text-classification only).
		expect(providers.find((entry) => entry.id === "cerebras")).toMatchObject({ kind: "remote", configured: false });
		expect(providers.find((entry) => entry.id === "hf-inference")).toMatchObject({ kind: "local", configured: true });

		const context = await newContext(browser);
		const page = await context.newPage();
		const panel = page.getByTestId("inference-panel");
		const provider = panel.getByLabel("Provider");
		const badge = panel.locator(".badge", { hasText: "not routed by this hub" });
		const reason = panel.getByTestId("not-routed-reason");

		// A remote provider without a key: marked in the list, by a badge, and with the reason.
		await visit(page, `/${MODEL}`);
		expect(await provider.inputValue()).toBe("cerebras");
		expect(await provider.locator("option:checked").textContent()).toContain("not routed by this hub");
		await badge.waitFor();
		expect(await reason.textContent()).toContain("no key for it is set on this hub");
		expect(await provider.getAttribute("aria-describedby")).toBe(await reason.getAttribute("id"));

		// The hub's own runtime for a task it runs: not marked.
		await visit(page, "/hubkit-demo/tiny-sentiment");
		expect(await provider.inputValue()).toBe("hf-inference");
		expect(await provider.locator("option:checked").textContent()).not.toContain("not routed");
		expect(await badge.count()).toBe(0);
		expect(await reason.count()).toBe(0);

		await visit(page, "/black-forest-labs/FLUX.1-dev");
		// Every provider of the model: marked exactly when the hub is not set up for it or not for its task.
		const info = await fetch(siteUrl("/api/models/black-forest-labs/FLUX.1-dev?expand[]=inferenceProviderMapping"));
		const mapping = ((await info.json()) as { inferenceProviderMapping: Record<string, { task: string }> })
			.inferenceProviderMapping;
		const options = await provider
			.locator("option")
			.evaluateAll((all) => all.map((option) => (option as HTMLOptionElement).value));
		expect(options.length).toBeGreaterThan(3);
		for (const id of options) {
			const served = providers.find((entry) => entry.id === id);
			const routable = Boolean(served?.configured && served.tasks.includes(mapping[id]?.task ?? ""));
			await provider.selectOption(id);
			await expect.poll(() => badge.count(), id).toBe(routable ? 0 : 1);
			expect(await reason.count(), id).toBe(routable ? 0 : 1);
		}
		await context.close();
	});

	it("streams a chat model's snippets when asked, in every language, and offers no toggle elsewhere", async () => {
		const context = await newContext(browser);
		const page = await context.newPage();
		await visit(page, `/${MODEL}`);
		const panel = page.getByTestId("inference-panel");
		const code = panel.locator(
			".tab-panel:not([hidden]) .code-block:not(:has(.code-block-title:text-is('Install'))) code",
		);
		const toggle = panel.getByRole("checkbox", { name: "Stream the answer" });
		expect(await toggle.isChecked()).toBe(false);
		expect(await code.last().textContent()).not.toMatch(/stream/i);

		await toggle.check();
		await expect.poll(() => code.last().textContent()).toContain("stream=True");
		await panel.getByRole("tab", { name: "cURL" }).click();
		await expect.poll(() => code.last().textContent()).toContain('"stream": true');
		// The choice, and the language, hold across providers.
		await panel.getByLabel("Provider").selectOption("groq");
		await expect.poll(() => code.last().textContent()).toContain('"stream": true');
		await toggle.uncheck();
		await expect.poll(() => code.last().textContent()).not.toContain('"stream"');

		// A text classifier has nothing to stream.
		await visit(page, "/hubkit-demo/tiny-sentiment");
		await panel.waitFor();
		expect(await toggle.count()).toBe(0);
		await context.close();
	});

	it("shows the install line of the chosen client and switches clients", async () => {
		const context = await newContext(browser);
		const page = await context.newPage();
		await visit(page, `/${MODEL}`);
		const panel = page.getByTestId("inference-panel");
		const install = panel.locator(
			".tab-panel:not([hidden]) .code-block:has(.code-block-title:text-is('Install')) code",
		);
		const clients = panel.locator(".tab-panel:not([hidden])").getByRole("radio");
		const names = await clients.evaluateAll((all) => all.map((input) => (input as HTMLInputElement).value));
		expect(names.length).toBeGreaterThan(1);
		expect(await install.textContent()).toMatch(/^pip install /);
		const before = await install.textContent();
		// The radio buttons sit under their labels, as segmented controls do: a person clicks the label.
		await panel.locator(".tab-panel:not([hidden]) label.segment").nth(1).click();
		expect(await clients.nth(1).isChecked()).toBe(true);
		await expect.poll(() => install.textContent()).not.toBe(before);
		expect(await install.textContent()).toMatch(/^pip install /);
		await context.close();
	});
});

/** A safetensors file: 8 bytes of header length, the JSON header, zeroed tensor data. */
function safetensorsFile(tensors: Record<string, { dtype: "F32" | "BF16"; shape: number[] }>): Buffer {
	let offset = 0;
	const described: Record<string, unknown> = {};
	for (const [name, { dtype, shape }] of Object.entries(tensors)) {
		const bytes = shape.reduce((product, size) => product * size, 1) * (dtype === "F32" ? 4 : 2);
		described[name] = { dtype, shape, data_offsets: [offset, offset + bytes] };
		offset += bytes;
	}
	const json = Buffer.from(JSON.stringify(described));
	const length = Buffer.alloc(8);
	length.writeBigUInt64LE(BigInt(json.length));
	return Buffer.concat([length, json, Buffer.alloc(offset)]);
}

async function ggufFile(): Promise<Buffer> {
	const directory = await mkdtemp(join(tmpdir(), "model-page-gguf-"));
	try {
		const path = join(directory, "m.gguf");
		await writeGguf(
			path,
			{
				"general.architecture": { type: "string", value: "llama" },
				"general.file_type": { type: "uint32", value: 1 },
				"llama.context_length": { type: "uint32", value: 4096 },
				"tokenizer.chat_template": { type: "string", value: "{{ messages }}" },
			},
			// 1 = GGML's F16, 0 = F32.
			[
				{ name: "token_embd.weight", shape: [16, 4], type: 1, fill: (out: Float32Array) => out.fill(0) },
				{ name: "output_norm.weight", shape: [16], type: 0, fill: (out: Float32Array) => out.fill(1) },
			],
		);
		return await readFile(path);
	} finally {
		await rm(directory, { recursive: true, force: true });
	}
}

describe("what the hub read from the weights", () => {
	const owner = `weights-${randomBytes(4).toString("hex")}`;
	const base = `${owner}/base`;
	const quantized = `${owner}/base-gguf`;
	let token = "";

	async function push(name: string, files: Record<string, string | Buffer>): Promise<void> {
		const created = await fetch(siteUrl("/api/repos/create"), {
			method: "POST",
			headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
			body: JSON.stringify({ name }),
		});
		expect(created.status).toBe(200);
		const lines = [
			{ key: "header", value: { summary: "weights" } },
			...Object.entries(files).map(([path, content]) => ({
				key: "file",
				value: { path, content: Buffer.from(content).toString("base64"), encoding: "base64" },
			})),
		];
		const committed = await fetch(siteUrl(`/api/models/${owner}/${name}/commit/main`), {
			method: "POST",
			headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/x-ndjson" },
			body: lines.map((line) => JSON.stringify(line)).join("\n"),
		});
		expect(committed.status).toBe(200);
	}

	beforeAll(async () => {
		const context = await newContext(browser);
		const page = await context.newPage();
		await visit(page, "/");
		token = await page.evaluate(async (name) => {
			const json = { "Content-Type": "application/json" };
			const signup = await fetch("/api/auth/signup", {
				method: "POST",
				headers: json,
				body: JSON.stringify({ username: name, email: `${name}@example.com`, password: "weights e2e password" }),
			});
			if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${await signup.text()}`);
			const made = await fetch("/api/settings/tokens", {
				method: "POST",
				headers: json,
				body: JSON.stringify({ name: "e2e", role: "write" }),
			});
			return ((await made.json()) as { token: string }).token;
		}, owner);
		await context.close();
		await push("base", {
			"README.md": "---\nlicense: mit\n---\n# Base\n\nA base model.\n",
			"model.safetensors": safetensorsFile({
				"embed.weight": { dtype: "BF16", shape: [1000, 1000] },
				"norm.weight": { dtype: "F32", shape: [1000] },
			}),
		});
		await push("base-gguf", {
			"README.md": `---\nbase_model: ${base}\n---\n# Base, quantized\n`,
			"base-F16.gguf": await ggufFile(),
		});
	});

	it("shows the model size, and links the quantizations made from it", async () => {
		const context = await newContext(browser);
		const page = await context.newPage();
		await visit(page, `/${base}`);
		const size = page.getByTestId("model-size");
		expect(await size.textContent()).toContain("1M params");
		expect(await size.textContent()).toContain("BF16 · F32");
		expect(await size.textContent()).toContain("1,000,000");
		const tree = page.getByTestId("model-tree");
		expect(await tree.textContent()).toContain("Quantizations of this model");
		await screenshot(page, "model-weights-panels");
		await tree.getByRole("link", { name: "1 model" }).click();
		await page.waitForURL(/\/models\?other=/);
		// The one model made from it, and nothing else, under a title that says so.
		await page.locator(".model-item-id", { hasText: quantized }).waitFor();
		expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain(`Quantizations of ${base}`);
		expect(await page.locator(".model-item-id").allTextContents()).toEqual([quantized]);
		await context.close();
	});

	it("shows a GGUF model's facts and what it was quantized from", async () => {
		const context = await newContext(browser);
		const page = await context.newPage();
		await visit(page, `/${quantized}`);
		const facts = await page.getByTestId("gguf-facts").textContent();
		for (const fact of ["llama", "80 params", "F16", "4,096 tokens", "included"]) expect(facts).toContain(fact);
		const tree = page.getByTestId("model-tree");
		expect(await tree.textContent()).toContain("Quantized from");
		await screenshot(page, "model-gguf-panel");
		await tree.getByRole("link", { name: base }).click();
		await page.waitForURL(siteUrl(`/${base}`));
		await context.close();
	});
});
