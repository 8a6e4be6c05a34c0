"use client";
import type { LibraryUsage, LocalAppUsage } from "@/lib/model-usage";
/**
 * "Use this model": a popover with the model's library snippets (tabs when it has
 * several libraries) and the local apps that can run it.
 */
import { CodeBlock } from "../snippet/code-block";
import { CodeIcon, ExternalIcon } from "../ui/icons";
import { Popover } from "../ui/popover";
import { Tab, TabList, TabPanel, Tabs } from "../ui/tabs";

function LibraryPanel({ library }: { library: LibraryUsage }) {
	return (
		<div className="stack">
			{library.snippets.map((snippet, index) => (
				<CodeBlock
					// biome-ignore lint/suspicious/noArrayIndexKey: a library's snippets keep their order.
					key={index}
					code={snippet.content}
					title={snippet.title ?? `${library.label} (${snippet.language})`}
					language={snippet.language}
				/>
			))}
			{library.docsUrl ? (
				<a href={library.docsUrl} target="_blank" rel="noopener noreferrer" className="small">
					{library.label} documentation <ExternalIcon />
				</a>
			) : null}
		</div>
	);
}

function LocalApps({ apps }: { apps: LocalAppUsage[] }) {
	return (
		<div className="stack">
			<h3 className="popover-heading">Local apps</h3>
			{apps.map((app) =>
				app.kind === "link" ? (
					<a key={app.key} className="button" href={app.href} rel="noopener noreferrer">
						Open in {app.label} <ExternalIcon />
					</a>
				) : (
					<details key={app.key} className="local-app">
						<summary>{app.label}</summary>
						{app.steps.map((step) => (
							<div key={step.title} className="stack">
								{step.setup ? <CodeBlock code={step.setup} title={`${step.title}: install`} language="sh" /> : null}
								<CodeBlock code={step.content} title={step.title} language={step.language ?? "sh"} />
							</div>
						))}
					</details>
				),
			)}
		</div>
	);
}

export function UseThisModel({ libraries, apps }: { libraries: LibraryUsage[]; apps: LocalAppUsage[] }) {
	if (libraries.length === 0 && apps.length === 0) return null;
	return (
		<Popover
			label="Use this model"
			trigger={
				<button type="button" className="button button-primary">
					<CodeIcon /> Use this model
				</button>
			}
		>
			<div className="popover-body">
				{libraries.length > 1 ? (
					<Tabs defaultValue={libraries[0]?.key}>
						<TabList aria-label="Libraries">
							{libraries.map((library) => (
								<Tab key={library.key} value={library.key}>
									{library.label}
								</Tab>
							))}
						</TabList>
						{libraries.map((library) => (
							<TabPanel key={library.key} value={library.key}>
								<LibraryPanel library={library} />
							</TabPanel>
						))}
					</Tabs>
				) : libraries[0] ? (
					<>
						<h3 className="popover-heading">{libraries[0].label}</h3>
						<LibraryPanel library={libraries[0]} />
					</>
				) : null}
				{apps.length > 0 ? <LocalApps apps={apps} /> : null}
			</div>
		</Popover>
	);
}
