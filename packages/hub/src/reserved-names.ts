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
	"admin",
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
	"new-dataset",
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
