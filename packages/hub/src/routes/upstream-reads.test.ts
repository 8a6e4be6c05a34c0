import { describe, expect, it } from "vitest";
import { repositoryReadBy } from "./upstream-reads.js";

describe("the repository and revision a read names", () => {
	it("takes one percent-encoded segment as the revision, as huggingface_hub sends it", () => {
		expect(repositoryReadBy("GET", "/ops/m/resolve/refs%2Fpr%2F1/config.json")).toEqual({
			type: "model",
			id: "ops/m",
			revision: "refs/pr/1",
		});
		expect(repositoryReadBy("HEAD", "/datasets/ops/d/resolve/v1/data/x.parquet")).toEqual({
			type: "dataset",
			id: "ops/d",
			revision: "v1",
		});
		expect(repositoryReadBy("GET", "/api/models/ops/m/tree/feature%2Fx/onnx")).toMatchObject({
			revision: "feature/x",
		});
		expect(repositoryReadBy("POST", "/api/datasets/ops/d/paths-info/dev")).toMatchObject({
			type: "dataset",
			revision: "dev",
		});
		expect(repositoryReadBy("GET", "/api/models/ops/m/commits/v2")).toMatchObject({ revision: "v2" });
	});

	it("takes the rest of the path after /revision/, and none for a read of the repository itself", () => {
		expect(repositoryReadBy("GET", "/api/models/ops/m/revision/refs/pr/1")).toMatchObject({ revision: "refs/pr/1" });
		expect(repositoryReadBy("GET", "/api/models/ops/m")).toEqual({ type: "model", id: "ops/m", revision: undefined });
		expect(repositoryReadBy("GET", "/api/models/ops/m/refs")).toEqual({
			type: "model",
			id: "ops/m",
			revision: undefined,
			refs: true,
		});
		expect(repositoryReadBy("GET", "/api/datasets/ops/d/refs")).toMatchObject({ refs: true });
		expect(repositoryReadBy("GET", "/api/models/ops/m/refsx")).toEqual({ type: "model", id: "ops/m" });
		expect(repositoryReadBy("GET", "/ops/m/resolve/%E0%A4%A/x")).toEqual({ type: "model", id: "ops/m" });
		expect(repositoryReadBy("POST", "/api/models/ops/m/commit/main")).toBeUndefined();
	});
});
