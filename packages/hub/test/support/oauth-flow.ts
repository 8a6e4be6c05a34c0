/** The OAuth code flow as an app and its user drive it over HTTP: consent, then the token endpoint. */
import { createHash, randomBytes } from "node:crypto";

export interface TokenAnswer {
	status: number;
	headers: Headers;
	// biome-ignore lint/suspicious/noExplicitAny: each field is checked by its assertion
	body: any;
}

export function oauthFlow(hubUrl: string) {
	/** The consent form approved by the session's user: a code and its PKCE verifier. */
	async function approvedCode(
		session: string,
		clientId: string,
		redirectUri: string,
		scope = "openid profile",
	): Promise<{ code: string; verifier: string }> {
		const verifier = randomBytes(40).toString("base64url");
		const challenge = createHash("sha256").update(verifier).digest("base64url");
		const response = await fetch(`${hubUrl}/oauth/authorize`, {
			method: "POST",
			redirect: "manual",
			headers: {
				cookie: `hubkit_session=${session}`,
				origin: hubUrl,
				"content-type": "application/x-www-form-urlencoded",
			},
			body: new URLSearchParams({
				client_id: clientId,
				redirect_uri: redirectUri,
				response_type: "code",
				scope,
				state: "s1",
				code_challenge: challenge,
				code_challenge_method: "S256",
				decision: "approve",
			}),
		});
		if (response.status !== 303) throw new Error(`consent answered ${response.status}: ${await response.text()}`);
		const code = new URL(response.headers.get("location") ?? "").searchParams.get("code");
		if (!code) throw new Error("no code in the redirect");
		return { code, verifier };
	}

	async function token(form: Record<string, string>, headers: Record<string, string> = {}): Promise<TokenAnswer> {
		const response = await fetch(`${hubUrl}/oauth/token`, {
			method: "POST",
			headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
			body: new URLSearchParams(form),
		});
		return { status: response.status, headers: response.headers, body: await response.json() };
	}

	/** A grant's first tokens: consent, then the code exchanged. */
	async function grant(session: string, clientId: string, redirectUri: string, scope?: string): Promise<TokenAnswer> {
		const { code, verifier } = await approvedCode(session, clientId, redirectUri, scope);
		return token({ grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: verifier });
	}

	return { approvedCode, token, grant };
}
