/**
 * Every file answer on /resolve and /raw (GET, HEAD, ranges, 304, 416) carries
 * `X-Content-Type-Options: nosniff` and a sandboxing CSP, and types a browser would run (HTML,
 * SVG, XML, JavaScript) are attachments; the headers clients read (ETag, X-Repo-Commit,
 * X-Linked-*, Content-Range) are unchanged, and `@huggingface/hub` still downloads them. On
 * SQLite and PostgreSQL.
 */
import { downloadFile, fileDownloadInfo } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachmentDisposition, isActiveFile } from "../src/routes/file-headers.js";
import { type FilesHub, startFilesHub } from "./files-fixture.js";
import { ENGINES } from "./support/engines.js";

const PAGE = "<html><script>document.title = 'ran'</script></html>\n";
const WEIGHTS = new Uint8Array(2048).map((_, index) => index % 7);
const SANDBOX = "default-src 'none'; sandbox";

describe("file-headers", () => {
	it("treats documents and scripts as active, whatever the case, and nothing else", () => {
		for (const path of ["index.html", "a/b.HTM", "logo.svg", "feed.xml", "app.mjs", "paper.pdf"]) {
			expect(isActiveFile(path), path).toBe(true);
		}
		for (const path of ["config.json", "README.md", "model.safetensors", "html", "svg/readme.txt", "x.html.txt"]) {
			expect(isActiveFile(path), path).toBe(false);
		}
	});

	it("names the file in ASCII and in UTF-8", () => {
		expect(attachmentDisposition("docs/r\u00e9sum\u00e9 (1).html")).toBe(
			"attachment; filename=\"r_sum___1_.html\"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%281%29.html",
		);
		expect(attachmentDisposition('x"; y.svg')).toBe(
			"attachment; filename=\"x___y.svg\"; filename*=UTF-8''x%22%3B%20y.svg",
		);
	});
});

describe.each(ENGINES)("file answer headers (%s)", (engine) => {
	let files: FilesHub;
	beforeAll(async () => {
		files = await startFilesHub(engine, [
			{
				id: "acme/pages",
				commits: [
					{
						"index.html": PAGE,
						"docs/logo.svg": '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>\n',
						"config.json": "{}\n",
						"model.safetensors": WEIGHTS,
					},
				],
			},
		]);
	});
	afterAll(async () => {
		await files?.close();
	});

	const url = (kind: string, path: string) => `${files.url}/acme/pages/${kind}/main/${path}`;
	const commit = () => files.commits.get("acme/pages")?.[0];

	it("sends nosniff and the sandbox policy with every answer, and active types as attachments", async () => {
		for (const kind of ["resolve", "raw"]) {
			for (const method of ["GET", "HEAD"]) {
				for (const path of ["index.html", "docs/logo.svg", "config.json", "model.safetensors"]) {
					const answer = await fetch(url(kind, path), { method });
					const where = `${method} /${kind}/${path}`;
					expect(answer.status, where).toBe(200);
					expect(answer.headers.get("x-content-type-options"), where).toBe("nosniff");
					expect(answer.headers.get("content-security-policy"), where).toBe(SANDBOX);
					expect(answer.headers.get("x-repo-commit"), where).toBe(commit());
					expect(answer.headers.get("content-type"), where).toMatch(/^(text\/plain|application\/octet-stream)/);
					const name = path.slice(path.lastIndexOf("/") + 1);
					expect(answer.headers.get("content-disposition"), where).toBe(
						isActiveFile(path) ? `attachment; filename="${name}"; filename*=UTF-8''${name}` : null,
					);
				}
			}
		}
		const page = await fetch(url("resolve", "index.html"));
		expect(await page.text()).toBe(PAGE);
	});

	it("keeps them on ranges, 304 and 416, beside the headers clients read", async () => {
		const first = await fetch(url("resolve", "model.safetensors"), { headers: { Range: "bytes=0-0" } });
		expect(first.status).toBe(206);
		expect(first.headers.get("content-range")).toBe(`bytes 0-0/${WEIGHTS.byteLength}`);
		expect(first.headers.get("x-linked-size")).toBe(String(WEIGHTS.byteLength));
		const etag = first.headers.get("etag") ?? "";
		expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
		expect(first.headers.get("x-linked-etag")).toBe(etag);
		expect(first.headers.get("x-content-type-options")).toBe("nosniff");

		const unchanged = await fetch(url("resolve", "index.html"), {
			headers: { "If-None-Match": (await fetch(url("resolve", "index.html"))).headers.get("etag") ?? "" },
		});
		expect(unchanged.status).toBe(304);
		expect(unchanged.headers.get("content-security-policy")).toBe(SANDBOX);
		const outside = await fetch(url("resolve", "index.html"), { headers: { Range: "bytes=9999-" } });
		expect(outside.status).toBe(416);
		expect(outside.headers.get("x-content-type-options")).toBe("nosniff");
	});

	it("leaves @huggingface/hub's downloads as they were", async () => {
		const repo = { type: "model" as const, name: "acme/pages" };
		const info = await fileDownloadInfo({ repo, path: "index.html", hubUrl: files.url });
		expect(info).toMatchObject({ size: new TextEncoder().encode(PAGE).byteLength });
		const page = await downloadFile({ repo, path: "index.html", hubUrl: files.url });
		expect(await page?.text()).toBe(PAGE);
		const weights = await downloadFile({ repo, path: "model.safetensors", hubUrl: files.url });
		expect(new Uint8Array((await weights?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(WEIGHTS);
	});
});
