import type { Metadata } from "next";
import { NewRepoPage } from "@/components/repo/new-repo-page";

export const metadata: Metadata = {
	title: "New dataset",
	description: "Make a dataset repository on this hub: owner, name, visibility and license.",
};

export default function NewDatasetPage() {
	return <NewRepoPage type="dataset" />;
}
