import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** Chronos: probabilistic forecasts from a tensor of past values, or from a long-format DataFrame. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const id = pyString(model.id);
	return [
		python(
			`import torch
from chronos import BaseChronosPipeline

pipeline = BaseChronosPipeline.from_pretrained(${id}, device_map="cpu")
# Two years of monthly values (any 1-D series works)
history = [112.0, 118.0, 132.0, 129.0, 121.0, 135.0, 148.0, 148.0, 136.0, 119.0, 104.0, 118.0,
           115.0, 126.0, 141.0, 135.0, 125.0, 149.0, 170.0, 170.0, 158.0, 133.0, 114.0, 140.0]
quantiles, mean = pipeline.predict_quantiles(
    [torch.tensor(history)],
    prediction_length=12,
    quantile_levels=[0.1, 0.5, 0.9],
)
print(mean)`,
			"Forecast a series",
		),
		python(
			`import pandas as pd
from chronos import BaseChronosPipeline

pipeline = BaseChronosPipeline.from_pretrained(${id}, device_map="cpu")
context_df = pd.DataFrame({
    "item_id": "store_1",
    "timestamp": pd.date_range("2024-01-01", periods=60, freq="D"),
    "target": [100.0 + (day % 7) * 5.0 + day * 0.5 for day in range(60)],
})
pred_df = pipeline.predict_df(
    context_df,
    prediction_length=14,
    quantile_levels=[0.1, 0.5, 0.9],
    id_column="item_id",
    timestamp_column="timestamp",
    target="target",
)
print(pred_df.head())`,
			"Forecast a DataFrame",
		),
	];
}
