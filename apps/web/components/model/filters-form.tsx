"use client";
/**
 * The filter form's submit: with JavaScript, navigate to the short URL (empty
 * fields and the default sort left out, page one); without it, the browser
 * submits the GET form as usual and the page reads the same fields.
 */
import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { modelsHref, readModelsState } from "@/lib/models-query";

export function FiltersForm({ children }: { children: ReactNode }) {
	const router = useRouter();
	return (
		<form
			action="/models"
			method="get"
			className="filters"
			aria-label="Filter models"
			onSubmit={(event) => {
				event.preventDefault();
				const fields: Record<string, string> = {};
				for (const [key, value] of new FormData(event.currentTarget)) {
					if (typeof value === "string") fields[key] = value;
				}
				router.push(modelsHref(readModelsState(fields), { cursor: "", back: [] }));
			}}
		>
			{children}
		</form>
	);
}
