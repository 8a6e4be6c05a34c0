import type { Metadata } from "next";
import Link from "next/link";
import { ModelList } from "@/components/model/model-item";
import { TaskCatalogue } from "@/components/task/task-catalogue";
import { SearchIcon } from "@/components/ui/icons";
import { Section } from "@/components/ui/section";
import { listModels } from "@/lib/hub/models";

export async function generateMetadata(): Promise<Metadata> {
	return {
		title: { absolute: "Hubkit – models, tasks and libraries" },
		description:
			"Search the hub's models, browse every machine-learning task by modality, and see what is new and popular.",
	};
}

export default async function HomePage() {
	const [recent, popular] = await Promise.all([
		listModels({ sort: "lastModified", limit: 8 }),
		listModels({ sort: "downloads", limit: 8 }),
	]);
	return (
		<div className="page">
			<section className="hero" aria-labelledby="hero-title">
				<h1 id="hero-title">Models, tasks and how to run them</h1>
				<p className="muted">A self-hosted hub: find a model, read its card, copy the code that runs it.</p>
				<search>
					<form action="/models" className="hero-search">
						<SearchIcon />
						<input
							type="search"
							name="search"
							placeholder="Search models, e.g. bert"
							aria-label="Search models"
							maxLength={200}
						/>
						<button type="submit" className="button button-primary">
							Search
						</button>
					</form>
				</search>
			</section>
			<div className="two-columns">
				<Section id="recent" title="Recently updated" aside={<Link href="/models?sort=lastModified">See all</Link>}>
					<ModelList models={recent.models} label="Recently updated models" />
				</Section>
				<Section id="popular" title="Most downloaded" aside={<Link href="/models?sort=downloads">See all</Link>}>
					<ModelList models={popular.models} label="Most downloaded models" />
				</Section>
			</div>
			<Section id="tasks" title="Tasks" aside={<Link href="/tasks">All tasks</Link>}>
				<TaskCatalogue headingLevel={3} />
			</Section>
		</div>
	);
}
