"use client";
/**
 * The header's account corner. Asked for in the browser (`/api/whoami-v2`, with
 * the session cookie, once per document and only when the hub's signed-in cookie says there is
 * someone: who-am-i.ts) rather than on the server, so the site's static pages stay static. Signed in: the avatar and its menu (signed-in-menu.tsx, loaded only then).
 * Signed out: "Log in" (coming back here afterwards) and "Sign up".
 */
import dynamic from "next/dynamic";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";
import { type Me, whoAmI } from "./who-am-i";
import "./account.css";

export type { Me };

function sameOriginAvatar(me: Me): string {
	try {
		const path = new URL(me.avatarUrl ?? "", window.location.origin).pathname;
		if (path.startsWith("/api/avatars/")) return path;
	} catch {
		// Fall through to the generated one.
	}
	return `/api/avatars/${encodeURIComponent(me.name)}.svg`;
}

const SignedInMenu = dynamic(() => import("./signed-in-menu"), {
	ssr: false,
	loading: () => <span className="account-menu-button" aria-hidden />,
});

export function AccountMenu() {
	const [me, setMe] = useState<Me | null | undefined>(undefined);
	const pathname = usePathname();

	useEffect(() => {
		let live = true;
		void whoAmI().then((found) => {
			if (live) setMe(found);
		});
		return () => {
			live = false;
		};
	}, []);

	if (me === undefined) return <div className="header-account" aria-hidden />;
	if (me === null) {
		const here = pathname && pathname !== "/login" && pathname !== "/join" ? pathname : "/";
		return (
			<div className="header-account">
				<Link href={`/login?next=${encodeURIComponent(here)}`}>Log in</Link>
				<Link href="/join" className="button button-small button-primary">
					Sign up
				</Link>
			</div>
		);
	}
	return (
		<div className="header-account">
			<SignedInMenu me={me} avatar={sameOriginAvatar(me)} />
		</div>
	);
}
