"use client";
/**
 * The signed-in header menu: the avatar opens a WAI-ARIA menu button (Enter, Space or
 * ArrowDown open it on the first item, ArrowUp on the last; arrows, Home and End move;
 * Escape closes it and gives focus back to the button; Tab leaves it). Loaded only for a
 * signed-in visitor (account-menu.tsx), so no other page's first load carries it.
 */
import Image from "next/image";
import Link from "next/link";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { hubCall } from "@/lib/hub/browser";
import type { Me } from "./account-menu";

function menuItems(menu: HTMLElement | null): HTMLElement[] {
	return [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
}

export default function SignedInMenu({ me, avatar }: { me: Me; avatar: string }) {
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
					<Link role="menuitem" tabIndex={-1} href="/new" onClick={() => setOpen(false)}>
						New model
					</Link>
					<Link role="menuitem" tabIndex={-1} href="/new-dataset" onClick={() => setOpen(false)}>
						New dataset
					</Link>
					<button role="menuitem" tabIndex={-1} type="button" onClick={signOut}>
						Sign out
					</button>
				</div>
			) : null}
		</div>
	);
}
