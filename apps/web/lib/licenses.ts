/** The licenses offered when a repository is made (ids as cards' `license:` front matter names them). */
export const COMMON_LICENSES = [
	{ id: "apache-2.0", label: "Apache 2.0" },
	{ id: "mit", label: "MIT" },
	{ id: "bsd-3-clause", label: "BSD 3-Clause" },
	{ id: "gpl-3.0", label: "GNU GPL v3" },
	{ id: "cc-by-4.0", label: "CC BY 4.0" },
	{ id: "cc-by-sa-4.0", label: "CC BY-SA 4.0" },
	{ id: "cc-by-nc-4.0", label: "CC BY-NC 4.0" },
	{ id: "cc0-1.0", label: "CC0 1.0" },
	{ id: "openrail", label: "OpenRAIL" },
	{ id: "other", label: "Other" },
] as const;

/** A first README.md that states the license in its front matter (where the hub reads it from). */
export function licensedReadme(license: string, name: string): string {
	return `---\nlicense: ${license}\n---\n\n# ${name}\n`;
}
