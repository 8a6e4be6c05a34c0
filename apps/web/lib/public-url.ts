import "server-only";
import { headers } from "next/headers";

/**
 * The URL people reach this site (and hub) at, for snippets: `HUBKIT_PUBLIC_URL`
 * when the operator set one, else the host the hub forwarded the request for.
 */
export async function publicUrl(): Promise<string> {
	const configured = process.env.HUBKIT_PUBLIC_URL;
	if (configured) return configured.replace(/\/+$/, "");
	const incoming = await headers();
	const host = incoming.get("x-forwarded-host") ?? incoming.get("host") ?? "127.0.0.1:8787";
	const proto = incoming.get("x-forwarded-proto") === "https" ? "https" : "http";
	return `${proto}://${host.split(",")[0]?.trim()}`;
}
