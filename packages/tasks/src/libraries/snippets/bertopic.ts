import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python, sampleText } from "./common.js";

/** BERTopic: load the topic model from the Hub and assign a topic to a document. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`from bertopic import BERTopic

topic_model = BERTopic.load(${pyString(model.id)})
print(topic_model.get_topic_info())

topics, probs = topic_model.transform([${pyString(sampleText(model))}])
print(topic_model.get_topic(topics[0]))`,
		),
	];
}
