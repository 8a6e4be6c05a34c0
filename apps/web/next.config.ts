import { fileURLToPath } from "node:url";
import type { NextConfig } from "next";

/**
 * The site runs behind the hub (one origin): the hub forwards every path it has no
 * route for to this server. Image widths are listed explicitly so `/_next/image`
 * answers 400 for any other width instead of resizing on demand.
 */
const config: NextConfig = {
	poweredByHeader: false,
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
