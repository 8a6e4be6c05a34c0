import { LoadingState } from "@/components/ui/page-states";

export default function Loading() {
	return <LoadingState />;
}
