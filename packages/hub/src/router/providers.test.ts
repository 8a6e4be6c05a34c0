import { readFileSync } from "node:fs";
import { INFERENCE_PROVIDERS } from "@hubkit/inference";
import { describe, expect, it } from "vitest";
import { PROVIDER_UPSTREAMS, type ProviderId } from "./providers.js";

interface ReferenceProvider {
	id: string;
	baseUrl: string;
	clientSideRoutingOnly: boolean;
	authSchemeDirect: string[];
	helpers: Record<string, { urlDirect: string }>;
}

const referenceFile = new URL("../../../../reference/providers.json", import.meta.url);
const reference = JSON.parse(readFileSync(referenceFile, "utf8")) as Record<
	string,
	{ providers?: ReferenceProvider[] }
>;
const referenceProviders = Object.values(reference).flatMap((version) => version.providers ?? []);

function factsFor(id: string): ReferenceProvider[] {
	return referenceProviders.filter((provider) => provider.id === id);
}

describe("PROVIDER_UPSTREAMS", () => {
	it("covers exactly the client's providers", () => {
		expect(Object.keys(PROVIDER_UPSTREAMS).sort()).toEqual([...INFERENCE_PROVIDERS].sort());
	});

	for (const id of Object.keys(PROVIDER_UPSTREAMS) as ProviderId[]) {
		it(`matches the reference facts for ${id}`, () => {
			const upstream = PROVIDER_UPSTREAMS[id];
			const facts = factsFor(id);
			expect(facts.length).toBeGreaterThan(0);
			if (upstream.kind === "client-only") {
				expect(facts.every((fact) => fact.clientSideRoutingOnly)).toBe(true);
				return;
			}
			if (upstream.kind === "local") {
				expect(id).toBe("hf-inference");
				return;
			}
			// Every host the provider's requests go to directly is one the router knows.
			const directOrigins = new Set(
				facts.flatMap((fact) => Object.values(fact.helpers).map((helper) => new URL(helper.urlDirect).origin)),
			);
			const known = new Set<string>([
				upstream.baseUrl,
				...Object.values("subdomains" in upstream ? upstream.subdomains : {}),
			]);
			expect([...directOrigins].filter((origin) => !known.has(origin))).toEqual([]);
			expect(facts.some((fact) => fact.baseUrl === upstream.baseUrl)).toBe(true);
			const scheme = "keyScheme" in upstream ? upstream.keyScheme : "Bearer";
			for (const fact of facts) expect(fact.authSchemeDirect).toEqual([`${scheme} {token}`]);
		});
	}
});
