import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** RouteE-Powertrain: open the repository as a model registry and predict energy use over road links. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`import pandas as pd
import routee.powertrain as pt
from routee.powertrain.registry.hf import HFRegistry

registry = HFRegistry(repo_id=${pyString(model.id)})
model_ids = registry.list_models()
print(model_ids[:5])

model = pt.load_model(model_ids[0], registry=registry)
links = pd.DataFrame(
    {
        "distance_mi": [0.1, 0.2, 0.3],
        "speed_mph": [30, 40, 50],
        "grade_pct": [-5.0, 0.0, 5.0],
    }
)
print(model.predict(links))`,
		),
	];
}
