/**
 * What the hub read from a model's weight files and card, beside the model card:
 * the parameter count and tensor types (safetensors), the GGUF header's facts,
 * and the model tree (what it is made from, what is made from it). Server
 * components only: nothing here runs in the browser.
 */
import Link from "next/link";
import { Section } from "@/components/ui/section";
import { formatTotal } from "@/lib/format";
import type { BaseModelRelation, GgufInfo, ModelFamily, SafetensorsInfo } from "@/lib/hub/models";
import { modelsHref, readModelsState } from "@/lib/models-query";
import { repoPagePath } from "@/lib/paths";

const compactParameters = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 2 });

/** "8.03B params", "41 params". */
export function formatParameters(count: number): string {
	return `${compactParameters.format(count)} params`;
}

export function ModelSizePanel({ safetensors }: { safetensors: SafetensorsInfo }) {
	const dtypes = Object.entries(safetensors.parameters).sort((left, right) => right[1] - left[1]);
	return (
		<Section id="model-size" title="Model size">
			<dl className="facts" data-testid="model-size">
				<dt>Parameters</dt>
				<dd title={formatTotal(safetensors.total)}>{formatParameters(safetensors.total)}</dd>
				<dt>Tensor types</dt>
				<dd>{dtypes.map(([dtype]) => dtype).join(" · ")}</dd>
				{dtypes.length > 1
					? dtypes.map(([dtype, count]) => [
							<dt key={`${dtype}-name`}>{dtype}</dt>,
							<dd key={`${dtype}-count`}>{formatTotal(count)}</dd>,
						])
					: null}
			</dl>
		</Section>
	);
}

export function GgufPanel({ gguf }: { gguf: GgufInfo }) {
	return (
		<Section id="gguf" title="GGUF">
			<dl className="facts" data-testid="gguf-facts">
				{gguf.architecture ? (
					<>
						<dt>Architecture</dt>
						<dd>{gguf.architecture}</dd>
					</>
				) : null}
				<dt>Parameters</dt>
				<dd title={formatTotal(gguf.total)}>{formatParameters(gguf.total)}</dd>
				{gguf.quantization ? (
					<>
						<dt>Quantization</dt>
						<dd>{gguf.quantization}</dd>
					</>
				) : null}
				{gguf.context_length !== undefined ? (
					<>
						<dt>Context length</dt>
						<dd>{formatTotal(gguf.context_length)} tokens</dd>
					</>
				) : null}
				<dt>Chat template</dt>
				<dd>{gguf.chat_template ? "included" : "none"}</dd>
			</dl>
		</Section>
	);
}

/** How a model relates to its bases, as a label before their names. */
const MADE_FROM: Record<BaseModelRelation, string> = {
	finetune: "Finetuned from",
	quantized: "Quantized from",
	adapter: "Adapter for",
	merge: "Merged from",
};

/** What the models made from this one are called, in the order shown. */
const MADE_INTO: [BaseModelRelation, string][] = [
	["adapter", "Adapters"],
	["finetune", "Finetunes"],
	["merge", "Merges"],
	["quantized", "Quantizations"],
];

/** The model tree, or nothing when the model has no base and no children. */
export function ModelTreePanel({ id, family }: { id: string; family: ModelFamily }) {
	const bases = family.baseModels;
	const children = MADE_INTO.flatMap(([relation, label]) => {
		const count = family.childrenModelCount?.[relation] ?? 0;
		return count > 0 ? [{ relation, label, count }] : [];
	});
	if (!bases?.models.length && children.length === 0) return null;
	const listing = readModelsState({});
	return (
		<Section id="model-tree" title="Model tree">
			<dl className="facts" data-testid="model-tree">
				{bases?.models.length ? (
					<>
						<dt>{MADE_FROM[bases.relation] ?? "Based on"}</dt>
						<dd>
							{bases.models.map((base, index) => (
								<span key={base.id}>
									{index > 0 ? ", " : null}
									<Link href={repoPagePath("model", base.id)}>{base.id}</Link>
								</span>
							))}
						</dd>
					</>
				) : null}
				{children.map(({ relation, label, count }) => [
					<dt key={`${relation}-label`}>{label} of this model</dt>,
					<dd key={`${relation}-count`}>
						<Link href={modelsHref(listing, { other: `base_model:${relation}:${id}` })}>
							{formatTotal(count)} {count === 1 ? "model" : "models"}
						</Link>
					</dd>,
				])}
			</dl>
		</Section>
	);
}
