/**
 * The consent screen of the hub's OAuth provider, at `/oauth/authorize` itself: the
 * hub checks the request (client, exact redirect URI, scopes, PKCE) and signs the
 * visitor in first, then lets this page answer. The page asks the hub again what
 * the request is (a visitor can reach the page without the hub's checks), shows
 * which app wants which access, and posts the decision back to the hub with the
 * request's own parameters; the hub sends the browser on to the app.
 */
import type { Metadata } from "next";
import "@/components/account/account.css";
import "./consent.css";
import { hubAsVisitor } from "@/lib/hub/fetch";
import { requireSessionUser } from "@/lib/hub/users";

export const metadata: Metadata = {
	title: "Authorize an application",
	description: "Allow or deny an application access to your account on this hub.",
	robots: { index: false },
};

/** The parameters an authorization request carries through the consent form. */
const REQUEST_PARAMS = [
	"client_id",
	"redirect_uri",
	"response_type",
	"scope",
	"state",
	"code_challenge",
	"code_challenge_method",
	"nonce",
] as const;

interface AuthorizeRequest {
	app: { clientId: string; name: string };
	redirectOrigin: string;
	scopes: { name: string; description: string }[];
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AuthorizePage({ searchParams }: Props) {
	const raw = await searchParams;
	const params = new URLSearchParams();
	for (const name of REQUEST_PARAMS) {
		const value = raw[name];
		const first = Array.isArray(value) ? value[0] : value;
		if (first !== undefined) params.set(name, first);
	}
	const user = await requireSessionUser(`/oauth/authorize?${params}`);
	const response = await hubAsVisitor(`/api/oauth/authorize-request?${params}`);
	const answer = (await response.json().catch(() => ({}))) as Partial<AuthorizeRequest> & {
		error_description?: string;
	};
	if (!response.ok || !answer.app || !answer.scopes) {
		return (
			<div className="card auth-card">
				<h1>This sign-in request cannot be used</h1>
				<p className="form-error" role="alert">
					{answer.error_description ?? `The hub answered ${response.status}.`}
				</p>
				<p className="muted">Go back to the application and start signing in again.</p>
			</div>
		);
	}
	return (
		<div className="card auth-card consent-card">
			<h1>
				Authorize <span data-testid="consent-app">{answer.app.name}</span>
			</h1>
			<p>
				<strong>{answer.app.name}</strong> wants to access your account <strong>{user.name}</strong>.
			</p>
			<section aria-labelledby="consent-scopes-heading">
				<h2 id="consent-scopes-heading">It will be able to</h2>
				<ul className="consent-scopes" data-testid="consent-scopes">
					{answer.scopes.map((scope) => (
						<li key={scope.name}>
							{scope.description} <code>{scope.name}</code>
						</li>
					))}
				</ul>
			</section>
			<p className="muted">
				After you decide, you go back to <code>{answer.redirectOrigin}</code>.
			</p>
			<form method="post" action="/oauth/authorize" className="button-row">
				{[...params].map(([name, value]) => (
					<input key={name} type="hidden" name={name} value={value} />
				))}
				<button type="submit" name="decision" value="approve" className="button button-primary">
					Authorize
				</button>
				<button type="submit" name="decision" value="deny" className="button">
					Deny
				</button>
			</form>
		</div>
	);
}
