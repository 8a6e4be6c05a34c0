import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** YOLOv10: real-time object detection (the THU-MIG fork of ultralytics). */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`# pip install git+https://github.com/THU-MIG/yolov10.git
from ultralytics import YOLOv10

model = YOLOv10.from_pretrained(${pyString(model.id)})
results = model.predict(source="https://ultralytics.com/images/bus.jpg")
results[0].show()`,
		),
	];
}
