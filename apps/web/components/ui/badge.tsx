/** A compact status mark ("LFS", "live", "staging", "not routed here"). */
import type { ReactNode } from "react";

export function Badge({ children, tone = "neutral" }: { children: ReactNode; tone?: "neutral" | "good" | "warn" }) {
	return <span className={`badge badge-${tone}`}>{children}</span>;
}
