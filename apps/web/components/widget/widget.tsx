/**
 * A widget's interactive part: chat, or the task form. The choice is made here,
 * on the server, so a page's browser loads only the one it shows (each is its
 * own client component). Everything it needs comes from the server as props.
 */
import type { WidgetSample } from "@/lib/widget-inputs";
import type { WidgetKind } from "@/lib/widget-kinds";
import { ChatWidget } from "./chat-widget";
import { TaskFormWidget, type WidgetTarget } from "./task-form-widget";

export function Widget({ target, kind, sample }: { target: WidgetTarget; kind: WidgetKind; sample: WidgetSample }) {
	if (kind === "chat") return <ChatWidget target={target} sample={sample.messages ?? []} />;
	return <TaskFormWidget target={target} kind={kind} sample={sample} />;
}
