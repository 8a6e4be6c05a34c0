/**
 * The call layer (lib/widget-call.ts, and with it @hubkit/inference's provider
 * table) is fetched on the first Run, not with the page: most visits never press it.
 */
import type { WidgetFailureInfo } from "@/lib/widget-call";

export const loadCalls = () => import("@/lib/widget-call");

/** Any failure as the widget shows it, even when the call layer itself could not be loaded. */
export async function failureOf(error: unknown): Promise<WidgetFailureInfo> {
	try {
		return (await loadCalls()).toWidgetError(error);
	} catch {
		return { message: error instanceof Error ? error.message : String(error), code: undefined };
	}
}
