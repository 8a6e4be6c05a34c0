/**
 * A 409 `RepoExists` carries the existing repository's `url`: `create_repo(exist_ok=True)`, `hf upload`
 * and `duplicate_repo(exist_ok=True)` return it instead of failing.
 */
import { HubError } from "../errors.js";

/** For `.catch()`: rethrows `error`, a RepoExists one with `url` added to its body. */
export function withExistingUrl(url: string): (error: unknown) => never {
	return (error) => {
		if (error instanceof HubError && error.code === "RepoExists") {
			throw new HubError(409, error.message, { code: "RepoExists", headers: error.headers, fields: { url } });
		}
		throw error;
	};
}
