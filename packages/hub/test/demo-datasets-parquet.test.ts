/**
 * The sample datasets' Parquet files (seed/demo-datasets.ts, written with hyparquet-writer) as
 * pyarrow reads them, from the Python clients' venv (test/support/python-clients.ts): the
 * columns' types, and every row equal to the generated one.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { dailyWeather, monthlyWeather } from "../src/seed/demo-dataset-rows.js";
import { demoDatasets } from "../src/seed/demo-datasets.js";
import { pythonClients } from "./support/python-clients.js";

const execute = promisify(execFile);
const READ = `
import json, sys
import pyarrow.parquet as pq
table = pq.read_table(sys.argv[1])
print(json.dumps({"types": {field.name: str(field.type) for field in table.schema}, "rows": table.to_pylist()}))
`;

describe("the sample datasets' Parquet files", () => {
	const work = mkdtempSync(join(tmpdir(), "hubkit-demo-parquet-"));
	afterAll(() => rmSync(work, { recursive: true, force: true }));

	it("are read by pyarrow as the generated rows, with their types", async () => {
		const python = pythonClients("requirements-hf1.txt");
		const weather = demoDatasets().find((dataset) => dataset.id === "hubkit-demo/sample-weather");
		const daily = dailyWeather(5);
		const expected = {
			daily: {
				rows: daily,
				types: { town: "string", date: "string", temp_min: "double", temp_max: "double", rain_mm: "double" },
			},
			monthly: {
				rows: monthlyWeather(daily),
				types: { town: "string", month: "string", mean_temp: "double", total_rain_mm: "double", rainy_days: "int32" },
			},
		};
		for (const [config, { rows, types }] of Object.entries(expected)) {
			const file = weather?.files.find((entry) => entry.path === `${config}/train-00000-of-00001.parquet`);
			expect(file?.content).toBeInstanceOf(Uint8Array);
			const path = join(work, `${config}.parquet`);
			writeFileSync(path, file?.content ?? "");
			const { stdout } = await execute(python, ["-c", READ, path]);
			const table = JSON.parse(stdout) as { types: Record<string, string>; rows: unknown[] };
			expect(table.types).toEqual(types);
			expect(table.rows).toEqual(rows);
		}
	}, 900_000);
});
