/**
 * Headers that make a repository file safe to open in a browser on the hub's own origin. Anyone
 * may publish a file, so a file's answer must never run as a page of the hub:
 * - `X-Content-Type-Options: nosniff`: the browser keeps to the type sent (text/plain for regular
 *   files, octet-stream for LFS ones) instead of guessing HTML from the bytes;
 * - `Content-Security-Policy: default-src 'none'; sandbox`: should a file still be shown as a
 *   document, it loads nothing and runs no script, in an origin of its own;
 * - types a browser would render with script (HTML, SVG, XML, JavaScript, PDF …) are sent as
 *   attachments, so opening their link downloads them.
 * Clients read none of these (they read ETag, X-Repo-Commit, X-Linked-*, Content-Range,
 * Content-Length), and images still show in a card's `<img>`, which neither
 * sniffing rules nor a document's policy affect.
 */

export const FILE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
	"X-Content-Type-Options": "nosniff",
	"Content-Security-Policy": "default-src 'none'; sandbox",
};

/** Extensions a browser would render as a document able to run script, or run as script. */
const ACTIVE_EXTENSIONS = new Set([
	"html",
	"htm",
	"xhtml",
	"xht",
	"shtml",
	"mht",
	"mhtml",
	"svg",
	"svgz",
	"xml",
	"xsl",
	"xslt",
	"rdf",
	"js",
	"mjs",
	"cjs",
	"pdf",
	"swf",
	"hta",
]);

/** Whether the file at `path` is a type a browser would treat as active content. */
export function isActiveFile(path: string): boolean {
	const name = path.slice(path.lastIndexOf("/") + 1).toLowerCase();
	const dot = name.lastIndexOf(".");
	return dot !== -1 && ACTIVE_EXTENSIONS.has(name.slice(dot + 1));
}

/**
 * `Content-Disposition: attachment` naming the file: a plain-ASCII `filename` (other characters
 * become `_`) for old browsers and the exact UTF-8 name in `filename*` (RFC 6266, RFC 8187).
 */
export function attachmentDisposition(path: string): string {
	const name = path.slice(path.lastIndexOf("/") + 1);
	const ascii = name.replace(/[^A-Za-z0-9._-]/g, "_");
	const encoded = encodeURIComponent(name).replace(
		/['()*]/g,
		(char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
	);
	return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The safety headers of one file answer. */
export function fileSafetyHeaders(path: string): Record<string, string> {
	return isActiveFile(path)
		? { ...FILE_SECURITY_HEADERS, "Content-Disposition": attachmentDisposition(path) }
		: { ...FILE_SECURITY_HEADERS };
}
