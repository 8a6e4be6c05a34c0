/**
 * A model whose card tries what a hostile author would: inline script, an image
 * with an error handler, a javascript: link, raw HTML, a third-party image,
 * markup inside code blocks (highlighted and not). The page must render the
 * markdown around them and run none of it.
 */
import { readFileSync } from "node:fs";
import type { SeedModel } from "@hubkit/hub";

export const HOSTILE_MODEL_ID = "hubkit-test/hostile-card";

const README = `---
license: mit
pipeline_tag: text-classification
secret_front_matter: do-not-show-this
---
# Hostile card

A card that tries to run code. **None of it may execute.**

<script>window.__pwned = "script";</script>

<img src="x" onerror="window.__pwned = 'onerror'">

<div onclick="window.__pwned = 'div'">raw html block</div>

[a javascript link](javascript:window.__pwned='link')

[a protocol-relative link](//elsewhere.example/page), [an uppercase scheme](HTTPS://elsewhere.example/page),
[an absolute one](https://elsewhere.example/page), [a page of this hub](/models) and [a file here](./pic.png)

![a local picture](./pic.png)

![a third-party picture](https://images.example.com/tracker.png)

| column | value |
| ------ | ----- |
| gfm    | table |

- [x] task lists render

\`\`\`python
# <b>not bold</b>
print("<img src=x onerror=\\"window.__pwned = 'code'\\">")
\`\`\`

\`\`\`text
<script>window.__pwned = "text";</script>
\`\`\`
`;

export function hostileModel(picture: string): SeedModel {
	return {
		id: HOSTILE_MODEL_ID,
		author: "hubkit-test",
		pipeline_tag: "text-classification",
		library_name: "transformers",
		tags: ["transformers", "text-classification", "license:mit"],
		downloads: 1,
		likes: 0,
		createdAt: "2025-01-01T00:00:00.000Z",
		lastModified: "2025-01-02T00:00:00.000Z",
		config: { architectures: ["BertForSequenceClassification"], model_type: "bert" },
		cardData: { license: "mit" },
		readme: README,
		files: [{ path: "pic.png", content: readFileSync(picture) }],
		inferenceProviderMapping: [],
	};
}
