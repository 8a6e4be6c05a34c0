import { describe, expect, it } from "vitest";
import { cloneWays } from "./clone-commands";

describe("clone commands", () => {
	it("clones a model from the hub's URL and its id, with and without the LFS files", () => {
		const ways = cloneWays("model", "alice/bert", "https://hub.example.org/");
		expect(ways.url).toBe("https://hub.example.org/alice/bert");
		expect(ways.git.install.content).toBe("git lfs install");
		expect(ways.git.clone.content).toBe("git clone https://hub.example.org/alice/bert");
		expect(ways.git.pointersOnly.content).toBe("GIT_LFS_SKIP_SMUDGE=1 git clone https://hub.example.org/alice/bert");
		expect(ways.cli.endpoint.content).toBe("export HF_ENDPOINT=https://hub.example.org");
		expect(ways.cli.download.content).toBe("hf download alice/bert");
	});

	it("puts a dataset under /datasets and tells the CLI its type", () => {
		const ways = cloneWays("dataset", "alice/reviews", "http://127.0.0.1:8787");
		expect(ways.git.clone.content).toBe("git clone http://127.0.0.1:8787/datasets/alice/reviews");
		expect(ways.cli.download.content).toBe("hf download alice/reviews --repo-type dataset");
		expect(ways.cli.download.title).toBe("Download the dataset");
	});

	it("quotes a hub URL the shell would otherwise split or expand", () => {
		const ways = cloneWays("model", "alice/bert", "http://hub.example/it's $HOME");
		expect(ways.git.clone.content).toBe(`git clone 'http://hub.example/it'\\''s $HOME/alice/bert'`);
		expect(ways.cli.endpoint.content).toBe(`export HF_ENDPOINT='http://hub.example/it'\\''s $HOME'`);
	});
});
