/**
 * The demo assets are made by code (scripts/make-demo-assets.mjs and its
 * modules in scripts/demo-assets/): remade in a temporary folder, the pictures
 * and the computed sounds must come out byte for byte as committed. Speech
 * depends on the installed espeak-ng, so speech files (and the noise cut to
 * their length) are left out of the comparison.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = new URL("../../../", import.meta.url).pathname;
const committed = join(root, "packages/tasks/assets/demo");
const SPEECH = new Set([
	"any-to-any-output.wav",
	"text-to-speech-output.wav",
	"automatic-speech-recognition-input.wav",
	"audio-to-audio-input.wav",
	"audio-to-audio-output-1.wav",
	"audio-to-audio-output-2.wav",
	"voice-activity-detection-input.wav",
]);

describe("demo assets", () => {
	const out = mkdtempSync(join(tmpdir(), "hubkit-demo-assets-"));
	afterAll(() => rmSync(out, { recursive: true, force: true }));

	it("remake byte for byte: every picture and computed sound", () => {
		// PATH without espeak-ng keeps the run to the deterministic files.
		execFileSync(process.execPath, [join(root, "scripts/make-demo-assets.mjs"), out], {
			env: { ...process.env, PATH: "" },
			stdio: "ignore",
		});
		const expected = readdirSync(committed).filter((name) => /\.(png|wav)$/.test(name) && !SPEECH.has(name));
		expect(expected.length).toBeGreaterThan(35);
		expect(readdirSync(out).sort()).toEqual(expected.sort());
		const different = expected.filter(
			(name) => !readFileSync(join(out, name)).equals(readFileSync(join(committed, name))),
		);
		expect(different).toEqual([]);
	}, 600_000);
});
