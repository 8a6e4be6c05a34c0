/**
 * Where the router sends each provider's requests. Base URLs and key schemes are
 * facts of the providers (checked against reference/providers.json by
 * providers.test.ts); keyed by the client's provider list so a provider the
 * client learns and the router does not fails to compile.
 */
import type { InferenceProvider } from "@hubkit/inference";

/** How the operator's key is written into the Authorization header. */
export type KeyScheme = "Bearer" | "Key" | "X-Key";

export interface RemoteProvider {
	kind: "remote";
	baseUrl: string;
	/** Defaults to "Bearer". */
	keyScheme?: KeyScheme;
	/**
	 * Hosts picked with the `_subdomain` query parameter the client adds (fal.ai's
	 * queue lives on `queue.fal.run`, its synchronous calls on `fal.run`).
	 */
	subdomains?: Readonly<Record<string, string>>;
}

export type ProviderUpstream =
	| RemoteProvider
	/** Served by the hub's own local runtime (see local-routes.ts). */
	| { kind: "local" }
	/** Closed providers only take their own keys, never a hub token: the client never routes them. */
	| { kind: "client-only" };

export const PROVIDER_UPSTREAMS = {
	baseten: { kind: "remote", baseUrl: "https://inference.baseten.co" },
	"black-forest-labs": { kind: "remote", baseUrl: "https://api.us1.bfl.ai", keyScheme: "X-Key" },
	cerebras: { kind: "remote", baseUrl: "https://api.cerebras.ai" },
	cohere: { kind: "remote", baseUrl: "https://api.cohere.com" },
	deepinfra: { kind: "remote", baseUrl: "https://api.deepinfra.com" },
	"fal-ai": {
		kind: "remote",
		baseUrl: "https://fal.run",
		keyScheme: "Key",
		subdomains: { queue: "https://queue.fal.run" },
	},
	"featherless-ai": { kind: "remote", baseUrl: "https://api.featherless.ai" },
	"fireworks-ai": { kind: "remote", baseUrl: "https://api.fireworks.ai" },
	groq: { kind: "remote", baseUrl: "https://api.groq.com" },
	"hf-inference": { kind: "local" },
	hyperbolic: { kind: "remote", baseUrl: "https://api.hyperbolic.xyz" },
	nebius: { kind: "remote", baseUrl: "https://api.studio.nebius.ai" },
	novita: { kind: "remote", baseUrl: "https://api.novita.ai" },
	nscale: { kind: "remote", baseUrl: "https://inference.api.nscale.com" },
	openai: { kind: "client-only" },
	ovhcloud: { kind: "remote", baseUrl: "https://oai.endpoints.kepler.ai.cloud.ovh.net" },
	publicai: { kind: "remote", baseUrl: "https://api.publicai.co" },
	replicate: { kind: "remote", baseUrl: "https://api.replicate.com" },
	sambanova: { kind: "remote", baseUrl: "https://api.sambanova.ai" },
	scaleway: { kind: "remote", baseUrl: "https://api.scaleway.ai" },
	together: { kind: "remote", baseUrl: "https://api.together.xyz" },
	wavespeed: { kind: "remote", baseUrl: "https://api.wavespeed.ai" },
	"zai-org": { kind: "remote", baseUrl: "https://api.z.ai" },
} as const satisfies Record<InferenceProvider, ProviderUpstream>;

export type ProviderId = keyof typeof PROVIDER_UPSTREAMS;

/** Providers the router forwards to a third party, each of which takes an operator key. */
export type RemoteProviderId = {
	[Id in ProviderId]: (typeof PROVIDER_UPSTREAMS)[Id]["kind"] extends "remote" ? Id : never;
}[ProviderId];

export const REMOTE_PROVIDER_IDS = (Object.keys(PROVIDER_UPSTREAMS) as ProviderId[]).filter(
	(id) => PROVIDER_UPSTREAMS[id].kind === "remote",
) as RemoteProviderId[];

export function isProviderId(value: string): value is ProviderId {
	return Object.hasOwn(PROVIDER_UPSTREAMS, value);
}

export function isRemoteProviderId(value: string): value is RemoteProviderId {
	return isProviderId(value) && PROVIDER_UPSTREAMS[value].kind === "remote";
}

export function remoteUpstream(id: RemoteProviderId): RemoteProvider {
	return PROVIDER_UPSTREAMS[id];
}

/** The Authorization value carrying the operator's key, in the scheme the provider expects. */
export function operatorAuthorization(id: RemoteProviderId, key: string): string {
	return `${remoteUpstream(id).keyScheme ?? "Bearer"} ${key}`;
}
