import type { Metadata } from "next";
import { NewRepoPage } from "@/components/repo/new-repo-page";

export const metadata: Metadata = {
	title: "New model",
	description: "Make a model repository on this hub: owner, name, visibility and license.",
};

export default function NewModelPage() {
	return <NewRepoPage type="model" />;
}
