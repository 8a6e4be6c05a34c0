/**
 * Generated avatars: a user's initials on a colour picked from their name, as
 * SVG. The same name always gives the same picture, so there is nothing to
 * store, and every well-formed name has one (whether or not such a user exists
 * says nothing: no look-up is made).
 */
import { isIdPart } from "../ids.js";

/** Where `avatarUrl` points, under the hub's public URL. Under /api/, so it never meets `/{owner}/{name}`. */
export function avatarPath(name: string): string {
	return `/api/avatars/${encodeURIComponent(name)}.svg`;
}

/**
 * The absolute `avatarUrl` of a user or organisation: its uploaded picture when it has one
 * (the path names the content, so it can be cached for good), else the generated SVG.
 */
export function avatarUrl(hubUrl: string, name: string, uploadedSha256: string | null | undefined): string {
	if (!uploadedSha256) return `${hubUrl}${avatarPath(name)}`;
	return `${hubUrl}/api/avatars/${encodeURIComponent(name)}/${uploadedSha256.slice(0, AVATAR_KEY_LENGTH)}`;
}

/** How many hex digits of the picture's sha256 its URL carries. */
export const AVATAR_KEY_LENGTH = 16;

export function isAvatarName(name: string): boolean {
	return isIdPart(name);
}

/** Up to two letters: the first of each of the first two words of the name (`jane-doe` → `JD`), else its first two. */
export function initials(name: string): string {
	const words = name.split(/[-_.]+/).filter((word) => word !== "");
	const letters = words.length >= 2 ? `${words[0]?.[0]}${words[1]?.[0]}` : name.slice(0, 2);
	return letters.toUpperCase();
}

/** FNV-1a over the name: a stable hue per name. */
function hue(name: string): number {
	let hash = 0x811c9dc5;
	for (let index = 0; index < name.length; index++) {
		hash ^= name.charCodeAt(index);
		hash = Math.imul(hash, 0x01000193) >>> 0;
	}
	return hash % 360;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** A 128×128 round avatar. Names are already limited to letters, digits and `-_.`; escaped all the same. */
export function avatarSvg(name: string): string {
	return [
		`<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${escapeXml(name)}">`,
		`<circle cx="64" cy="64" r="64" fill="hsl(${hue(name)}, 55%, 42%)"/>`,
		`<text x="64" y="64" dy="0.35em" text-anchor="middle" font-family="system-ui, -apple-system, sans-serif" font-size="52" font-weight="600" fill="#ffffff">${escapeXml(initials(name))}</text>`,
		"</svg>",
	].join("");
}
