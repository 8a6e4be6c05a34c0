import { getTaskData, isModelLibraryKey, MODALITY_LABELS, MODEL_LIBRARIES, PIPELINE_DATA } from "@hubkit/tasks";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ModelList } from "@/components/model/model-item";
import { RepoList } from "@/components/task/repo-list";
import { TaskDemo } from "@/components/task/task-demo";
import { TaskIcon } from "@/components/task/task-icon";
import { VideoLink } from "@/components/task/video-link";
import { EmptyState } from "@/components/ui/empty-state";
import { Section } from "@/components/ui/section";
import { Tag } from "@/components/ui/tag";
import { TaskWidget } from "@/components/widget/task-widget";
import { getDataset } from "@/lib/hub/datasets";
import { listModels } from "@/lib/hub/models";
import { repoPagePath } from "@/lib/paths";

type Props = { params: Promise<{ task: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
	const task = getTaskData((await params).task);
	if (!task) return { title: "Task not found" };
	return {
		title: task.label,
		description: task.isPlaceholder ? `${task.label}: models tagged with this task on the hub.` : task.summary,
	};
}

export default async function TaskPage({ params }: Props) {
	const task = getTaskData((await params).task);
	if (!task) notFound();
	const pipeline = PIPELINE_DATA[task.id];
	// Placeholder pages have no hand-picked models: show what the hub has under the tag instead.
	const tagged = task.isPlaceholder
		? await listModels({ pipeline_tag: task.id, sort: "downloads", limit: 10 })
		: undefined;
	const libraries = task.libraries.filter(isModelLibraryKey);
	// A named dataset links to its page only when this hub holds it (bare ids never: every repository has an owner).
	const held = await Promise.all(
		task.datasets.map(async (dataset) =>
			dataset.id.includes("/") && (await getDataset(dataset.id).catch(() => undefined)) ? dataset.id : "",
		),
	);
	const heldDatasets = new Set(held.filter(Boolean));

	return (
		<div className="page">
			<header className="page-header task-header">
				<TaskIcon task={task.id} size={28} />
				<div>
					<p className="muted small">{MODALITY_LABELS[pipeline.modality]}</p>
					<h1>{task.label}</h1>
				</div>
				<Link href={`/models?pipeline_tag=${task.id}`} className="button button-primary task-browse">
					Browse {task.label} models
				</Link>
			</header>
			{task.canonicalId ? (
				<p className="note">
					Served as <Link href={`/tasks/${task.canonicalId}`}>{PIPELINE_DATA[task.canonicalId].name}</Link> (
					<code>{task.canonicalId}</code>): models for this task are called through that task's API.
				</p>
			) : null}
			{task.isPlaceholder ? (
				<>
					<EmptyState title="This task has no page content yet">
						<p>
							No summary, example or hand-picked models have been written for {task.label}. Models the hub has under the
							tag are listed below.
						</p>
					</EmptyState>
					<Section id="tagged" title={`Models tagged ${task.id}`}>
						{tagged && tagged.models.length > 0 ? (
							<ModelList models={tagged.models} label={`Models tagged ${task.id}`} />
						) : (
							<p className="muted">The hub has no models with this tag yet.</p>
						)}
					</Section>
				</>
			) : (
				<>
					<p className="lead">{task.summary}</p>
					<Section id="demo" title="Example">
						<TaskDemo task={task} />
					</Section>
					<TaskWidget task={task.id} />
					{task.youtubeId ? <VideoLink youtubeId={task.youtubeId} label={task.label} /> : null}
				</>
			)}
			{libraries.length > 0 ? (
				<Section id="libraries" title="Compatible libraries">
					<ul className="tag-row">
						{libraries.map((key) => (
							<li key={key}>
								<Tag href={`/libraries/${key}`}>{MODEL_LIBRARIES[key].prettyLabel}</Tag>
							</li>
						))}
					</ul>
				</Section>
			) : null}
			{task.models.length > 0 ? (
				<Section id="models" title="Models for this task">
					<RepoList items={task.models} linkTo={(id) => `/${id}`} />
				</Section>
			) : null}
			{task.datasets.length > 0 ? (
				<Section id="datasets" title="Datasets">
					<RepoList
						items={task.datasets}
						linkTo={(id) => (heldDatasets.has(id) ? repoPagePath("dataset", id) : undefined)}
					/>
				</Section>
			) : null}
			{task.metrics.length > 0 ? (
				<Section id="metrics" title="Metrics">
					<RepoList items={task.metrics} />
				</Section>
			) : null}
			{task.spaces.length > 0 ? (
				<Section id="apps" title="Apps">
					{/* This hub hosts no apps (Spaces): the task's apps are named as examples, not linked. */}
					<p className="muted small">
						Examples of apps built for this task on Hugging Face Spaces; this hub does not host apps.
					</p>
					<RepoList items={task.spaces} unlinkedBadge="Example" />
				</Section>
			) : null}
		</div>
	);
}
