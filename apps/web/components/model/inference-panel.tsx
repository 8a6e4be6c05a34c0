"use client";
/**
 * "Inference providers": pick a provider from the model's mapping (live or
 * staging, and marked when this hub cannot route to it), a language, a client
 * and, for chat models, streaming, and copy the call. Snippets arrive ready-made from the server (they
 * point at this hub and read the token from `HF_TOKEN`); this only chooses. The
 * providers come from lib/model-serving.ts, as the widget's: the list opens on
 * the provider the widget calls, and when none serves, both say why in the same words.
 */
import { useId, useState } from "react";
import type { ProviderUsage } from "@/lib/model-usage";
import { CodeBlock } from "../snippet/code-block";
import { LANGUAGE_LABELS } from "../snippet/language-names";
import { Badge } from "../ui/badge";
import { Tab, TabList, TabPanel, Tabs } from "../ui/tabs";

const LANGUAGE_ORDER = ["python", "js", "sh"];

function LanguagePanel({ snippets }: { snippets: ProviderUsage["snippets"] }) {
	const [client, setClient] = useState(snippets[0]?.client);
	const chosen = snippets.find((snippet) => snippet.client === client) ?? snippets[0];
	if (!chosen) return null;
	return (
		<div className="stack">
			{snippets.length > 1 ? (
				<fieldset className="segmented">
					<legend className="sr-only">Client</legend>
					{snippets.map((snippet) => (
						<label key={snippet.client} className={snippet.client === chosen.client ? "segment segment-on" : "segment"}>
							<input
								type="radio"
								name={`client-${snippets[0]?.language}`}
								value={snippet.client}
								checked={snippet.client === chosen.client}
								onChange={() => setClient(snippet.client)}
							/>
							{snippet.client}
						</label>
					))}
				</fieldset>
			) : null}
			{chosen.setup ? <CodeBlock code={chosen.setup} title="Install" language="sh" /> : null}
			<CodeBlock code={chosen.content} title={chosen.client} language={chosen.language} />
		</div>
	);
}

export function InferencePanel({
	providers,
	unavailableReason,
}: {
	providers: ProviderUsage[];
	/** Why no provider serves the model on this hub (lib/model-serving.ts), when none does. */
	unavailableReason?: string;
}) {
	const [provider, setProvider] = useState(providers[0]?.provider);
	const [streaming, setStreaming] = useState(false);
	const [language, setLanguage] = useState<string>();
	const selectId = useId();
	const reasonId = useId();
	const current = providers.find((entry) => entry.provider === provider) ?? providers[0];
	const unavailable = unavailableReason ? (
		<p className="small muted" data-testid="inference-unavailable">
			{unavailableReason}
		</p>
	) : null;
	if (!current) return unavailable;
	// Chat models offer the same calls with the answer streamed; this choice and the language stay
	// when the provider changes (a provider without the chosen language shows its first).
	const snippets = streaming && current.streamingSnippets ? current.streamingSnippets : current.snippets;
	const languages = LANGUAGE_ORDER.filter((language) => snippets.some((snippet) => snippet.language === language));
	return (
		<div className="inference-panel" data-testid="inference-panel">
			{unavailable}
			<div className="provider-picker">
				<label htmlFor={selectId} className="small">
					Provider
				</label>
				<select
					id={selectId}
					value={current.provider}
					onChange={(event) => setProvider(event.target.value)}
					aria-describedby={current.notRoutedBecause ? reasonId : undefined}
				>
					{providers.map((entry) => (
						<option key={entry.provider} value={entry.provider}>
							{entry.provider}
							{entry.status === "staging" ? " (staging)" : ""}
							{entry.routable === false ? " — not routed by this hub" : ""}
						</option>
					))}
				</select>
				<Badge tone={current.status === "live" ? "good" : "warn"}>{current.status}</Badge>
				{current.routable === false ? <Badge tone="warn">not routed by this hub</Badge> : null}
			</div>
			{current.notRoutedBecause ? (
				<p id={reasonId} className="small muted" data-testid="not-routed-reason">
					Calls through this hub will fail: {current.notRoutedBecause}.
				</p>
			) : null}
			{current.streamingSnippets ? (
				<label className="toggle small">
					<input type="checkbox" checked={streaming} onChange={(event) => setStreaming(event.target.checked)} />
					Stream the answer
				</label>
			) : null}
			{languages.length === 0 ? (
				<p className="small muted">There is no code sample for {current.provider} and this model's task yet.</p>
			) : null}
			<Tabs value={language && languages.includes(language) ? language : languages[0]} onValueChange={setLanguage}>
				<TabList aria-label="Language">
					{languages.map((language) => (
						<Tab key={language} value={language}>
							{LANGUAGE_LABELS[language] ?? language}
						</Tab>
					))}
				</TabList>
				{languages.map((language) => (
					<TabPanel key={language} value={language}>
						<LanguagePanel snippets={snippets.filter((snippet) => snippet.language === language)} />
					</TabPanel>
				))}
			</Tabs>
		</div>
	);
}
