import { describe, expect, it } from "vitest";
import { snippets } from "./voxcpm.js";

describe("voxcpm snippets", () => {
	it("speak the default sentence without widget data, at the library's own sample rate", () => {
		const [snippet] = snippets({ id: "a/b" });
		expect(snippet?.content).toContain(JSON.stringify("Welcome aboard. The next stop is Central Station."));
		expect(snippet?.content).toContain("model.tts_model.sample_rate");
		expect(snippet?.content).not.toContain("24000");
	});

	it("speak the widget text, quoted", () => {
		const [snippet] = snippets({ id: "a/b", widgetData: [{ text: '[S1] Hi"); boom() #' }] });
		expect(snippet?.content).toContain('"[S1] Hi\\"); boom() #"');
	});
});
