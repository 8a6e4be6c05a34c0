"use client";
/**
 * False until React has taken over the page. A form's submit button waits for it:
 * a press before hydration would submit the form natively, without the fetch the
 * page relies on.
 */
import { useEffect, useState } from "react";

export function useHydrated(): boolean {
	const [hydrated, setHydrated] = useState(false);
	useEffect(() => setHydrated(true), []);
	return hydrated;
}
