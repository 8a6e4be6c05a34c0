/** The bar on every page: the mark, a model search (a plain GET form to /models), navigation, theme, the account corner. */
import Link from "next/link";
import { AccountMenu } from "@/components/account/account-menu";
import { LogoIcon, SearchIcon } from "./icons";
import { ThemeToggle } from "./theme-toggle";

export function SiteHeader() {
	return (
		<header className="site-header">
			<div className="site-header-inner">
				<Link href="/" className="brand">
					<LogoIcon />
					<span>Hubkit</span>
				</Link>
				<search className="header-search-landmark">
					<form action="/models" className="header-search">
						<SearchIcon />
						<input type="search" name="search" placeholder="Search models" aria-label="Search models" maxLength={200} />
					</form>
				</search>
				<nav aria-label="Main" className="site-nav">
					<Link href="/models">Models</Link>
					<Link href="/datasets">Datasets</Link>
					<Link href="/tasks">Tasks</Link>
					<Link href="/libraries">Libraries</Link>
				</nav>
				<ThemeToggle />
				<AccountMenu />
			</div>
		</header>
	);
}
