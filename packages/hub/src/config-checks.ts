/**
 * Checks of configuration values that are more than a kind (config-kinds.ts): each returns the
 * value to use or throws an Error whose message names the variable and what it accepts.
 */

/** The extensions `HUBKIT_UPLOAD_REFUSED_TYPES` refuses when unset: Windows executables, installers, scripts. */
export const DEFAULT_UPLOAD_REFUSED_TYPES = [".exe", ".msi", ".scr", ".com", ".bat", ".cmd", ".vbs", ".ps1"];

/**
 * `HUBKIT_UPLOAD_REFUSED_TYPES`: comma-separated extensions (`exe, .MSI` → `.exe`, `.msi`); unset is
 * the default list, and the empty string refuses nothing.
 */
export function uploadRefusedTypes(raw: string | undefined): string[] {
	if (raw === undefined) return [...DEFAULT_UPLOAD_REFUSED_TYPES];
	const types = raw
		.split(",")
		.map((type) => type.trim().toLowerCase())
		.filter((type) => type !== "")
		.map((type) => (type.startsWith(".") ? type : `.${type}`));
	for (const type of types) {
		if (!/^\.[a-z0-9_-]+(\.[a-z0-9_-]+)*$/.test(type)) {
			throw new Error(
				`HUBKIT_UPLOAD_REFUSED_TYPES must list file extensions (.exe, .msi …), got ${JSON.stringify(type)}`,
			);
		}
	}
	return [...new Set(types)];
}

/** `DATABASE_URL`: only PostgreSQL URLs (SQLite is the default when it is unset). */
export function checkedDatabaseUrl(raw: string): string {
	if (!/^postgres(ql)?:\/\//.test(raw)) throw new Error("DATABASE_URL must start with postgres:// or postgresql://");
	return raw;
}

/** An http(s) URL of a server, a path allowed (the S3 endpoints). */
export function checkedHttpUrl(raw: string): string {
	if (!/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/.test(raw)) {
		throw new Error(`must be an http(s) URL, got ${JSON.stringify(raw.slice(0, 200))}`);
	}
	return raw;
}

/** An http(s) URL without credentials, query or fragment; the trailing slash dropped, so paths append to it. */
export function checkedPublicUrl(raw: string): string {
	let url: URL;
	try {
		url = new URL(raw);
	} catch {
		throw new Error(`HUBKIT_PUBLIC_URL must be an absolute http(s) URL, got ${JSON.stringify(raw.slice(0, 200))}`);
	}
	if (
		(url.protocol !== "http:" && url.protocol !== "https:") ||
		url.username ||
		url.password ||
		url.search ||
		url.hash
	) {
		throw new Error("HUBKIT_PUBLIC_URL must be an http(s) URL without credentials, query or fragment");
	}
	return url.href.replace(/\/+$/, "");
}

export interface BlobStoreLocation {
	bucket: string;
	/** Without leading or trailing slash; "" for the bucket's root. */
	prefix: string;
}

/** `s3://bucket/prefix` (the prefix optional); anything else is refused with what is wrong. */
export function parseBlobStoreUrl(raw: string): BlobStoreLocation {
	const match = /^s3:\/\/([^/]+)(?:\/(.*))?$/.exec(raw);
	if (!match)
		throw new Error(
			`HUBKIT_BLOB_STORE must be s3://bucket/prefix (or unset for the disk store), got ${JSON.stringify(raw.slice(0, 200))}`,
		);
	const bucket = match[1] as string;
	// S3's bucket rules: 3 to 63 lower-case letters, digits, dots and hyphens, a letter or digit at each end.
	if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
		throw new Error(`HUBKIT_BLOB_STORE: ${JSON.stringify(bucket)} is not a bucket name (3-63 of a-z, 0-9, '.', '-')`);
	}
	const prefix = (match[2] ?? "").replace(/^\/+|\/+$/g, "");
	if (prefix !== "" && prefix.split("/").some((segment) => segment === "" || segment === "." || segment === "..")) {
		throw new Error(`HUBKIT_BLOB_STORE: the prefix ${JSON.stringify(prefix)} has an empty, '.' or '..' segment`);
	}
	return { bucket, prefix };
}

/** `HUBKIT_BLOB_STORE`, checked and kept as written. */
export function checkedBlobStore(raw: string): string {
	parseBlobStoreUrl(raw);
	return raw;
}

/** `HUBKIT_UPSTREAM_ALLOW` and `…_DENY`: namespaces (`google`) and repository ids (`google/gemma`), any case. */
export function upstreamNames(variable: string): (raw: string) => string[] {
	return (raw) => {
		const names = raw
			.split(",")
			.map((name) => name.trim().toLowerCase())
			.filter((name) => name !== "");
		for (const name of names) {
			if (!/^[a-z0-9][\w.-]*(\/[\w.-]+)?$/.test(name)) {
				throw new Error(`${variable} must list namespaces or owner/name ids, got ${JSON.stringify(name)}`);
			}
		}
		return names;
	};
}
