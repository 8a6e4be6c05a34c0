import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** Anemoi: a runner for the checkpoint, fetched from the Hub by anemoi-inference. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`from anemoi.inference.runners.simple import SimpleRunner

runner = SimpleRunner({"huggingface": ${pyString(model.id)}}, device="cuda")

# Build \`input_state\` from initial conditions (for example ECMWF open data),
# then step the forecast forward:
# for state in runner.run(input_state=input_state, lead_time=12):
#     print(state["date"])`,
		),
	];
}
