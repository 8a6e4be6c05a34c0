import { describe, expect, it } from "vitest";
import { snippets } from "./ultralytics.js";

const ASK = "# Add the YOLO version number (for example 8)";

describe("ultralytics snippets", () => {
	it("name the version from a yolov<digits> tag and load with ultralytics' YOLO class", () => {
		const [snippet] = snippets({ id: "a/b", tags: ["ultralytics", "yolov8"], siblings: [{ rfilename: "best.pt" }] });
		expect(snippet?.content).toContain("YOLOv8");
		expect(snippet?.content).toContain("from ultralytics import YOLO\n");
		expect(snippet?.content).toContain("model = YOLO(weights)");
		expect(snippet?.content).toContain('hf_hub_download(repo_id="a/b", filename="best.pt")');
		expect(snippet?.content).not.toContain(ASK);
	});

	it("read the number from the card's tags too, and only digits", () => {
		expect(snippets({ id: "a/b", cardData: { tags: ["yolov11"] } })[0]?.content).toContain("YOLOv11 weights");
		expect(snippets({ id: "a/b", tags: ["yolov010"] })[0]?.content).toContain("YOLOv10 weights");
	});

	it("ask for the version when no tag gives it", () => {
		for (const tags of [undefined, [], ["yolo11"], ["yolov"], ["yolov8x"], ["yolov8 "], ['yolov8"); boom() #']]) {
			const [snippet] = snippets({ id: "a/b", tags });
			expect(snippet?.content).toContain(ASK);
			expect(snippet?.content).not.toMatch(/YOLOv\d/);
			expect(snippet?.content).not.toContain("boom");
		}
	});
});
