/**
 * The hub's demo pictures and sounds under the site's own path. Through the front
 * door the hub answers /assets/demo/ itself; this route is what Next's image
 * optimizer reaches, since it reads local images from this server in process.
 */
import { fetchHubAsset } from "@/lib/hub/fetch";

export async function GET(_request: Request, context: { params: Promise<{ file: string }> }) {
	const { file } = await context.params;
	if (!/^[\w.-]+$/.test(file) || file.startsWith(".")) return Response.json({ error: "Not found" }, { status: 404 });
	const upstream = await fetchHubAsset(`/assets/demo/${encodeURIComponent(file)}`);
	if (!upstream.ok) return Response.json({ error: "Not found" }, { status: upstream.status === 404 ? 404 : 502 });
	return new Response(upstream.body, {
		headers: {
			"Content-Type": upstream.headers.get("content-type") ?? "application/octet-stream",
			"Cache-Control": "public, max-age=3600",
		},
	});
}
