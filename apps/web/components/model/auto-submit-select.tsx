"use client";
/** A select that submits its form when changed (the form still works with a button and no JavaScript). */
import type { ComponentProps } from "react";

export function AutoSubmitSelect(props: ComponentProps<"select">) {
	return <select {...props} onChange={(event) => event.currentTarget.form?.requestSubmit()} />;
}
