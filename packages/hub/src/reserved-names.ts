/**
 * Names the hub's own paths use at the root (`/api/…`, `/login`, `/_next/…`):
 * never an owner's name, or that owner's pages and repositories would sit where
 * the hub answers. One list, used by every check of a new owner name (users,
 * organisations, seeded authors) and by the router, which leaves these paths
 * to the hub. Provider ids are not here: several providers are also
 * organisations with models on the hub, and the router only claims the exact
 * routes the inference client builds (ARCHITECTURE.md, "Who owns which path").
 * The site's own top-level paths (apps/web/app: `tasks`, `models`, `libraries`,
 * `docs`, `icon.svg`) are here too; a test keeps the two in step.
 */
export const RESERVED_NAMES: ReadonlySet<string> = new Set([
	"_next",
	"api",
	"assets",
	"datasets",
	"docs",
	"favicon.ico",
	"hf-inference",
	"icon.svg",
	"join",
	"libraries",
	"login",
	"logout",
	"models",
	"new",
	"oauth",
	"organizations",
	"pricing",
	"robots.txt",
	"search",
	"settings",
	"spaces",
	"static",
	"tasks",
	"v1",
]);

/** Compared without case: `API` would read as the hub's `/api` to anyone looking at a link. */
export function isReservedName(name: string): boolean {
	return RESERVED_NAMES.has(name.toLowerCase());
}

const OWNER_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
export const MAX_OWNER_NAME_LENGTH = 96;

/** Why `name` cannot be a new owner (user or organisation) name, or undefined when it can. */
export function ownerNameProblem(name: string): string | undefined {
	if (name.length === 0 || name.length > MAX_OWNER_NAME_LENGTH) {
		return `an owner name has 1 to ${MAX_OWNER_NAME_LENGTH} characters`;
	}
	if (!OWNER_NAME.test(name) || name.includes("..") || name.includes("--") || name.endsWith(".")) {
		return "an owner name has letters, digits, '-', '_' and '.' only, no '..' or '--'";
	}
	if (isReservedName(name)) return `${JSON.stringify(name)} is reserved for the hub's own pages`;
	return undefined;
}
