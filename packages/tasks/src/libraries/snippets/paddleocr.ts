import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { explain, hasTag, pyString, python } from "./common.js";

/**
 * PaddleOCR module classes, tried in order: a hub tag naming the module's task, or a
 * fragment of the model name (PaddleOCR loads models by name, e.g. "PP-OCRv5_server_det").
 */
const MODULES: { className: string; tags: string[]; name: RegExp }[] = [
	{ className: "SealTextDetection", tags: ["seal_text_detection"], name: /seal.*_det/i },
	{ className: "TableCellsDetection", tags: ["table_cells_detection"], name: /table_cell_det/i },
	{ className: "TextDetection", tags: ["textline_detection", "text_detection"], name: /_det$/i },
	{ className: "TextRecognition", tags: ["textline_recognition", "text_recognition"], name: /_rec$/i },
	{ className: "LayoutDetection", tags: ["layout_detection"], name: /layout/i },
	{ className: "DocImgOrientationClassification", tags: ["doc_img_orientation_classification"], name: /doc_ori/i },
	{
		className: "TextLineOrientationClassification",
		tags: ["textline_orientation_classification"],
		name: /textline_ori/i,
	},
	{ className: "TableClassification", tags: ["table_classification"], name: /table_cls/i },
	{ className: "TableStructureRecognition", tags: ["table_structure_recognition"], name: /^SLANe/i },
	{ className: "FormulaRecognition", tags: ["formula_recognition"], name: /formula|UniMERNet/i },
	{ className: "TextImageUnwarping", tags: ["image_unwarping", "text_image_unwarping"], name: /UVDoc/i },
];

/** PaddleOCR 3: the module class for this model, loaded by its model name. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const name = model.id.split("/").pop() ?? model.id;
	if (/PaddleOCR-VL/i.test(name)) {
		return [
			python(
				`# See https://www.paddlepaddle.org.cn/en/install to install paddlepaddle, then: pip install "paddleocr[doc-parser]"
from paddleocr import PaddleOCRVL

pipeline = PaddleOCRVL()
output = pipeline.predict("document.png")
for res in output:
    res.print()
    res.save_to_markdown(save_path="output")`,
			),
		];
	}
	const module =
		MODULES.find((entry) => entry.tags.some((tag) => hasTag(model, tag))) ??
		MODULES.find((entry) => entry.name.test(name));
	if (!module) {
		return [explain("Type of model unknown")];
	}
	return [
		python(
			`# See https://www.paddlepaddle.org.cn/en/install to install paddlepaddle, then: pip install paddleocr
from paddleocr import ${module.className}

model = ${module.className}(model_name=${pyString(name)})
output = model.predict("image.png", batch_size=1)
for res in output:
    res.print()
    res.save_to_json(save_path="output/res.json")`,
		),
	];
}
