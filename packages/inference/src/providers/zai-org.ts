/** Placeholder until this provider's module is written. */
import type { ProviderHelpers } from "./index.js";

export const helpers: ProviderHelpers = {};
