/**
 * The operator's provider keys: the hub calls third-party providers with these,
 * never with a user's token. Read from the environment
 * (`HUBKIT_PROVIDER_KEY_<ID>`, optionally `HUBKIT_PROVIDER_URL_<ID>`) or from a
 * JSON file `{ "providers": { "<id>": { "key": "…", "baseUrl"?: "…" } } }`;
 * the environment wins. Error messages name the variable or provider, never a key.
 */
import { readFileSync } from "node:fs";
import { isProviderId, isRemoteProviderId, REMOTE_PROVIDER_IDS, type RemoteProviderId } from "./providers.js";

export interface ProviderAccount {
	key: string;
	/** Sends this provider's requests elsewhere (a proxy, a regional host, a test server). */
	baseUrl?: string;
}

export type ProviderKeys = Partial<Record<RemoteProviderId, ProviderAccount>>;

const KEY_PREFIX = "HUBKIT_PROVIDER_KEY_";
const URL_PREFIX = "HUBKIT_PROVIDER_URL_";

/** `fal-ai` → `FAL_AI`. */
export function envSuffix(id: string): string {
	return id.toUpperCase().replaceAll("-", "_");
}

export class ProviderConfigError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "ProviderConfigError";
	}
}

export function loadProviderKeys(env: Record<string, string | undefined>, configFilePath?: string): ProviderKeys {
	const keys: ProviderKeys = configFilePath ? readConfigFile(configFilePath) : {};
	const bySuffix = new Map(REMOTE_PROVIDER_IDS.map((id) => [envSuffix(id), id]));
	for (const [name, value] of Object.entries(env)) {
		const prefix = name.startsWith(KEY_PREFIX) ? KEY_PREFIX : name.startsWith(URL_PREFIX) ? URL_PREFIX : undefined;
		if (!prefix || !value) continue;
		const id = bySuffix.get(name.slice(prefix.length));
		if (!id) {
			throw new ProviderConfigError(`${name} names no provider the router forwards to: use one of ${suffixList()}`);
		}
		if (prefix === KEY_PREFIX) {
			keys[id] = { ...keys[id], key: value };
		} else {
			const baseUrl = checkedBaseUrl(value, name);
			const account = keys[id];
			// A URL without a key is useless but harmless; keep it for when the key comes.
			keys[id] = { key: account?.key ?? "", ...account, baseUrl };
		}
	}
	for (const id of REMOTE_PROVIDER_IDS) {
		if (keys[id] && !keys[id].key) delete keys[id];
	}
	return keys;
}

function suffixList(): string {
	return REMOTE_PROVIDER_IDS.map(envSuffix).join(", ");
}

function readConfigFile(path: string): ProviderKeys {
	let parsed: unknown;
	try {
		parsed = JSON.parse(readFileSync(path, "utf8"));
	} catch (error) {
		const reason = error instanceof SyntaxError ? "it is not valid JSON" : "it cannot be read";
		throw new ProviderConfigError(`Provider config ${path}: ${reason}`);
	}
	const providers = isObject(parsed) ? parsed.providers : undefined;
	if (!isObject(providers)) {
		throw new ProviderConfigError(`Provider config ${path}: expected { "providers": { "<id>": { "key": "…" } } }`);
	}
	const keys: ProviderKeys = {};
	for (const [id, entry] of Object.entries(providers)) {
		if (!isRemoteProviderId(id)) {
			const why = isProviderId(id) ? "is not forwarded by the router" : "is not a known provider";
			throw new ProviderConfigError(`Provider config ${path}: "${id}" ${why}`);
		}
		if (!isObject(entry) || typeof entry.key !== "string" || entry.key === "") {
			throw new ProviderConfigError(`Provider config ${path}: providers.${id}.key must be a non-empty string`);
		}
		const account: ProviderAccount = { key: entry.key };
		if (entry.baseUrl !== undefined) {
			account.baseUrl = checkedBaseUrl(entry.baseUrl, `providers.${id}.baseUrl in ${path}`);
		}
		keys[id] = account;
	}
	return keys;
}

function checkedBaseUrl(value: unknown, where: string): string {
	if (typeof value === "string" && /^https?:\/\/[^/]/.test(value) && URL.canParse(value)) {
		return value.replace(/\/+$/, "");
	}
	throw new ProviderConfigError(`${where} must be an http(s) URL`);
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
