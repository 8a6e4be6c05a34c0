"use client";
import { ErrorState } from "@/components/ui/page-states";

export default function ErrorPage(props: { error: Error & { digest?: string }; reset: () => void }) {
	return <ErrorState {...props} />;
}
