/** Numbers and dates as model hubs show them: 1.2k downloads, 3.4 GB, Mar 3, 2025. */

const compact = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 });
const day = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" });

export function formatCount(value: number): string {
	return compact.format(value).toLowerCase();
}

const whole = new Intl.NumberFormat("en");

/** A count in full (12,345), with "+" when it is only a lower bound. */
export function formatTotal(value: number, atLeast = false): string {
	return `${whole.format(value)}${atLeast ? "+" : ""}`;
}

export function formatBytes(bytes: number): string {
	if (bytes < 1000) return `${bytes} B`;
	const units = ["kB", "MB", "GB", "TB"];
	let value = bytes;
	let unit = "B";
	for (const next of units) {
		if (value < 1000) break;
		value /= 1000;
		unit = next;
	}
	return `${value >= 100 ? value.toFixed(0) : value.toFixed(1)} ${unit}`;
}

export function formatDay(iso: string | undefined): string {
	if (!iso) return "";
	const date = new Date(iso);
	return Number.isNaN(date.getTime()) ? "" : day.format(date);
}
