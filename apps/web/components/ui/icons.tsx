/** Small inline icons (no icon font, nothing fetched). Decorative unless a label is given. */
import type { ReactNode, SVGProps } from "react";

type IconProps = SVGProps<SVGSVGElement> & { label?: string };

function Icon({ label, children, ...props }: IconProps & { children: ReactNode }) {
	return (
		<svg
			viewBox="0 0 24 24"
			width="1em"
			height="1em"
			fill="none"
			stroke="currentColor"
			strokeWidth={2}
			strokeLinecap="round"
			strokeLinejoin="round"
			role={label ? "img" : undefined}
			aria-label={label}
			aria-hidden={label ? undefined : true}
			{...props}
		>
			{children}
		</svg>
	);
}

export const SunIcon = (props: IconProps) => (
	<Icon {...props}>
		<circle cx="12" cy="12" r="4" />
		<path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
	</Icon>
);

export const MoonIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
	</Icon>
);

export const SearchIcon = (props: IconProps) => (
	<Icon {...props}>
		<circle cx="11" cy="11" r="7" />
		<path d="m20 20-3.5-3.5" />
	</Icon>
);

export const DownloadIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M12 3v12M7 10l5 5 5-5M5 21h14" />
	</Icon>
);

export const HeartIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z" />
	</Icon>
);

export const FileIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M14 3H6a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8z" />
		<path d="M14 3v5h5" />
	</Icon>
);

export const FolderIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M3 6a1 1 0 0 1 1-1h5l2 2h9a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z" />
	</Icon>
);

export const CopyIcon = (props: IconProps) => (
	<Icon {...props}>
		<rect x="9" y="9" width="12" height="12" rx="2" />
		<path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
	</Icon>
);

export const CheckIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="m5 12 5 5 9-10" />
	</Icon>
);

export const CodeIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="m8 6-6 6 6 6M16 6l6 6-6 6" />
	</Icon>
);

export const PlayIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M7 4v16l13-8z" fill="currentColor" />
	</Icon>
);

export const ExternalIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
	</Icon>
);

/** An X; butt ends keep its arms inside the 6–18 square. */
export const CloseIcon = (props: IconProps) => (
	<Icon strokeLinecap="butt" {...props}>
		<path d="M6 6l12 12M18 6 6 18" />
	</Icon>
);

/** A branch from a trunk: git's own picture of a clone. */
export const CloneIcon = (props: IconProps) => (
	<Icon {...props}>
		<circle cx="6" cy="5" r="2" />
		<circle cx="6" cy="19" r="2" />
		<circle cx="18" cy="7" r="2" />
		<path d="M6 7v10M18 9c0 5-6 4-11.2 8.4" />
	</Icon>
);

/** The site's mark: a small hub of three nodes. */
export const LogoIcon = (props: IconProps) => (
	<Icon {...props} strokeWidth={2.2}>
		<circle cx="12" cy="12" r="3" fill="currentColor" />
		<circle cx="5" cy="6" r="2" />
		<circle cx="19" cy="6" r="2" />
		<circle cx="12" cy="20" r="2" />
		<path d="M7 7.5l3 2.5M17 7.5l-3 2.5M12 15v3" />
	</Icon>
);
