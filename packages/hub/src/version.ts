/** The hub package's version, as its package.json says (beside both src/ and dist/). */
import { readFileSync } from "node:fs";

export const HUB_VERSION: string = (
	JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }
).version;
