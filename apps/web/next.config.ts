import { fileURLToPath } from "node:url";
import type { NextConfig } from "next";

/**
 * The page's Content-Security-Policy. Scripts: this origin, plus inline scripts, which the App
 * Router needs (its flight data arrives as inline `self.__next_f.push(…)` scripts, different on
 * every page, so no hash can list them) as does the theme script that runs before the first
 * paint. A nonce would allow them too, but it must be made per request, which would turn every
 * static page dynamic; a card's markdown is rendered without raw HTML, so no author ever writes a
 * script tag into a page. What the policy does hold: nothing is loaded or called from another
 * origin, no plugins, no `<base>` rewriting, and no other site may frame a page (clickjacking).
 * There is no `form-action`: the OAuth consent form posts here and is then redirected to the
 * application's own `redirect_uri`, which browsers check against `form-action` too. Widget
 * outputs and uploads are shown from `blob:` and `data:` URLs.
 * `@huggingface/hub` hashes files for LFS uploads in WebAssembly, which needs 'wasm-unsafe-eval'
 * (compiling WebAssembly only, not `eval`). `next dev` evaluates code for its overlay, so only
 * development allows eval.
 */
const CONTENT_SECURITY_POLICY = [
	"default-src 'self'",
	`script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'${process.env.NODE_ENV === "development" ? " 'unsafe-eval'" : ""}`,
	"style-src 'self' 'unsafe-inline'",
	"img-src 'self' data: blob:",
	"media-src 'self' data: blob:",
	"font-src 'self' data:",
	"connect-src 'self' data: blob:",
	"worker-src 'self' blob:",
	"object-src 'none'",
	"base-uri 'self'",
	"frame-ancestors 'none'",
].join("; ");

/** Sent with every answer of the site, pages and static files alike. */
const SECURITY_HEADERS = [
	{ key: "Content-Security-Policy", value: CONTENT_SECURITY_POLICY },
	{ key: "X-Frame-Options", value: "DENY" },
	{ key: "X-Content-Type-Options", value: "nosniff" },
	{ key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
];

/**
 * The site runs behind the hub (one origin): the hub forwards every path it has no
 * route for to this server. Image widths are listed explicitly so `/_next/image`
 * answers 400 for any other width instead of resizing on demand.
 */
const config: NextConfig = {
	poweredByHeader: false,
	headers: async () => [{ source: "/:path*", headers: SECURITY_HEADERS }],
	reactStrictMode: true,
	// The workspace packages (@hubkit/tasks, @hubkit/inference) live above this folder.
	turbopack: { root: fileURLToPath(new URL("../..", import.meta.url)) },
	images: {
		deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
		imageSizes: [16, 32, 48, 64, 96, 128, 256, 384],
		qualities: [75],
		// Hub images reach the optimizer through this server's own /assets/demo/ route (app/assets/demo).
		localPatterns: [{ pathname: "/assets/demo/**", search: "" }],
		remotePatterns: [],
	},
};

export default config;
