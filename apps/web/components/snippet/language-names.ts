/** How a snippet's language is named on its tab. */
export const LANGUAGE_LABELS: Record<string, string> = { python: "Python", js: "JavaScript", sh: "cURL" };
