"use client";
/**
 * The header's account corner. Asked for in the browser (`/api/whoami-v2`, with
 * the session cookie) rather than on the server, so the site's static pages stay
 * static. Signed in: the avatar opens a menu (WAI-ARIA menu button: Enter, Space
 * or ArrowDown open it on the first item, ArrowUp on the last; arrows, Home and
 * End move; Escape closes it and gives focus back to the button; Tab leaves it).
 * Signed out: "Log in" (coming back here afterwards) and "Sign up".
 */
import Image from "next/image";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { hubCall } from "./hub-call";
import "./account.css";

interface Me {
	name: string;
	fullname: string | null;
	avatarUrl?: string;
}

function sameOriginAvatar(me: Me): string {
	try {
		const path = new URL(me.avatarUrl ?? "", window.location.origin).pathname;
		if (path.startsWith("/api/avatars/")) return path;
	} catch {
		// Fall through to the generated one.
	}
	return `/api/avatars/${encodeURIComponent(me.name)}.svg`;
}

export function AccountMenu() {
	const [me, setMe] = useState<Me | null | undefined>(undefined);
	const pathname = usePathname();

	useEffect(() => {
		let live = true;
		// Only the hub's "not signed in" (401) means signed out; a busy hub's failure is asked again.
		const ask = async () => {
			for (let attempt = 1; ; attempt++) {
				const result = await hubCall<Me>("/api/whoami-v2");
				if (result.ok || result.status === 401 || result.status === 403 || attempt === 4) {
					return result.ok ? result.data : null;
				}
				await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
			}
		};
		void ask().then((found) => {
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

function menuItems(menu: HTMLElement | null): HTMLElement[] {
	return [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
}

function SignedInMenu({ me, avatar }: { me: Me; avatar: string }) {
	const [open, setOpen] = useState(false);
	const buttonRef = useRef<HTMLButtonElement>(null);
	const menuRef = useRef<HTMLDivElement>(null);
	const focusOnOpen = useRef<"first" | "last">("first");
	const menuId = useId();

	useEffect(() => {
		if (!open) return;
		const list = menuItems(menuRef.current);
		(focusOnOpen.current === "first" ? list[0] : list.at(-1))?.focus();
		const onPointerDown = (event: PointerEvent) => {
			const target = event.target as Node;
			if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
		};
		document.addEventListener("pointerdown", onPointerDown);
		return () => document.removeEventListener("pointerdown", onPointerDown);
	}, [open]);

	const openAt = (where: "first" | "last") => {
		focusOnOpen.current = where;
		setOpen(true);
	};

	const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
		if (event.key === "ArrowDown") {
			event.preventDefault();
			openAt("first");
		} else if (event.key === "ArrowUp") {
			event.preventDefault();
			openAt("last");
		}
	};

	const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
		const list = menuItems(menuRef.current);
		const at = list.indexOf(document.activeElement as HTMLElement);
		const move = (index: number) => list[(index + list.length) % list.length]?.focus();
		if (event.key === "ArrowDown") move(at + 1);
		else if (event.key === "ArrowUp") move(at - 1);
		else if (event.key === "Home") move(0);
		else if (event.key === "End") move(list.length - 1);
		else if (event.key === "Escape") {
			setOpen(false);
			buttonRef.current?.focus();
		} else if (event.key === "Tab") {
			setOpen(false);
			return;
		} else return;
		event.preventDefault();
	};

	const signOut = async () => {
		await hubCall("/api/auth/logout", { method: "POST" });
		window.location.assign("/");
	};

	return (
		<div className="account-menu-wrap">
			<button
				ref={buttonRef}
				type="button"
				className="account-menu-button"
				aria-haspopup="menu"
				aria-expanded={open}
				aria-controls={open ? menuId : undefined}
				aria-label={`Account menu for ${me.name}`}
				data-testid="account-menu-button"
				onClick={() => (open ? setOpen(false) : openAt("first"))}
				onKeyDown={onButtonKey}
			>
				<Image className="avatar" src={avatar} alt="" width={32} height={32} unoptimized />
			</button>
			{open ? (
				<div
					ref={menuRef}
					id={menuId}
					role="menu"
					aria-label={`Account: ${me.name}`}
					className="account-menu"
					onKeyDown={onMenuKey}
				>
					<Link role="menuitem" tabIndex={-1} href={`/${encodeURIComponent(me.name)}`} onClick={() => setOpen(false)}>
						Profile <span className="muted small">{me.name}</span>
					</Link>
					<Link role="menuitem" tabIndex={-1} href="/settings/profile" onClick={() => setOpen(false)}>
						Settings
					</Link>
					<button role="menuitem" tabIndex={-1} type="button" onClick={signOut}>
						Sign out
					</button>
				</div>
			) : null}
		</div>
	);
}
