/**
 * Named entities from compromise, a rule-based English parser whose lexicon
 * ships in the package: people (PER), places (LOC) and organisations (ORG). It
 * gives no probability, so every score is 1.
 */
import type { Entity, PackagedTagger } from "./text-packages.js";

type Found = { text: string; offset?: { start: number; length: number } };

export const compromiseEntities: PackagedTagger = {
	task: "token-classification",
	packages: ["compromise"],
	labels: ["PER", "LOC", "ORG"],
	async load() {
		const { default: nlp } = await import("compromise");
		return (text) => {
			const doc = nlp(text);
			const groups: Array<[string, Found[]]> = [
				["PER", doc.people().json({ offset: true }) as Found[]],
				["LOC", doc.places().json({ offset: true }) as Found[]],
				["ORG", doc.organizations().json({ offset: true }) as Found[]],
			];
			const entities: Entity[] = [];
			for (const [group, found] of groups) {
				for (const { offset } of found) {
					if (!offset) continue;
					const start = offset.start;
					const end = start + offset.length;
					entities.push({ entity_group: group, score: 1, word: text.slice(start, end), start, end });
				}
			}
			return entities.sort((a, b) => a.start - b.start);
		};
	},
};
