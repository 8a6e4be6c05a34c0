// Makes the demo pictures (PNG) and sounds (WAV) listed in
// packages/tasks/assets/demo/README.md and writes them into that folder.
//
//   node scripts/make-demo-assets.mjs [output folder]
//
// (the output folder defaults to packages/tasks/assets/demo; tests write
// elsewhere and compare)
//
// Nothing is downloaded or copied. Pictures are drawn by code into an RGBA
// buffer (shapes rendered through signed distance functions, a tiny built-in
// bitmap font for words) and encoded as PNG here. Tones and noise are computed
// sample by sample. Speech comes from the local `espeak-ng` program; if it is
// not installed, the speech files are skipped (existing ones are left alone)
// and everything else is still made. Apart from espeak itself the output is
// deterministic (seeded pseudo-random numbers only).
//
// The drawing, encoding and sound code lives in scripts/demo-assets/, one small
// module per part (paint, shapes, canvas, PNG, font, the street scene, one file
// per other picture, WAV, speech, sounds); this file only says what is made.

import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { carCloseUp } from "./demo-assets/pictures/car-close-up.mjs";
import { catFace } from "./demo-assets/pictures/cat-face.mjs";
import { flower } from "./demo-assets/pictures/flower.mjs";
import { invoice } from "./demo-assets/pictures/invoice.mjs";
import { kiteBeach } from "./demo-assets/pictures/kite-beach.mjs";
import { lighthouse } from "./demo-assets/pictures/lighthouse.mjs";
import { mug } from "./demo-assets/pictures/mug.mjs";
import { paperBoat } from "./demo-assets/pictures/paper-boat.mjs";
import { robotTable } from "./demo-assets/pictures/robot-table.mjs";
import { sepia } from "./demo-assets/pictures/sepia.mjs";
import { stickFigure } from "./demo-assets/pictures/stick-figure.mjs";
import { encodePNG } from "./demo-assets/png.mjs";
import { doorbell, humAndHiss, musicBox } from "./demo-assets/sounds.mjs";
import { hasEspeak, removeSpeechScratch, speak, vad } from "./demo-assets/speech.mjs";
import { CAR_LATER, DAY, NIGHT, SNOW, SUNSET_PAL } from "./demo-assets/street-palettes.mjs";
import { depthMap, masks, scene, sceneWithBoxes, segmentation } from "./demo-assets/street-scene.mjs";
import { normalize, pad, wavBytes } from "./demo-assets/wav.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const OUT = process.argv[2] ?? join(ROOT, "packages/tasks/assets/demo");

function main() {
	mkdirSync(OUT, { recursive: true });
	const made = [];
	const save = (name, buf) => {
		writeFileSync(join(OUT, name), buf);
		made.push(name);
	};
	const png = (name, cv) => save(name, encodePNG(cv));
	const wav = (name, samples) => save(name, wavBytes(samples));

	const street = scene();
	for (const task of [
		"depth-estimation",
		"object-detection",
		"image-segmentation",
		"image-to-text",
		"image-to-image",
		"image-to-video",
		"image-text-to-text",
		"image-text-to-image",
		"image-text-to-video",
		"visual-question-answering",
		"mask-generation",
		"zero-shot-object-detection",
		"any-to-any",
	]) {
		png(`${task}-input.png`, street);
	}
	png("depth-estimation-output.png", depthMap());
	png("object-detection-output.png", sceneWithBoxes(["house", "tree", "car"]));
	png("zero-shot-object-detection-output.png", sceneWithBoxes(["car", "tree"]));
	png("image-segmentation-output.png", segmentation());
	png("mask-generation-output.png", masks());
	png("image-to-image-output.png", scene(NIGHT, { sun: "moon", stars: true, lit: true }));
	png("image-to-video-output.png", scene(DAY, { car: CAR_LATER, motion: true }));
	png("image-text-to-image-output.png", scene(SNOW, { sun: "none", snow: true, flakes: true }));
	png("image-text-to-video-output.png", scene(SUNSET_PAL, { sun: "low" }));
	png("image-classification-input.png", carCloseUp());
	png("text-to-image-output.png", lighthouse());
	png("unconditional-image-generation-output.png", flower());
	const kite = kiteBeach();
	png("video-classification-input.png", kite);
	png("video-text-to-text-input.png", kite);
	const boat = paperBoat();
	png("text-to-video-output.png", boat);
	png("video-to-video-input.png", boat);
	png("video-to-video-output.png", sepia(boat));
	png("document-question-answering-input.png", invoice());
	const cat = catFace();
	png("zero-shot-image-classification-input.png", cat);
	png("image-feature-extraction-input.png", cat);
	png("image-to-3d-input.png", mug());
	png("keypoint-detection-input.png", stickFigure(false));
	png("keypoint-detection-output.png", stickFigure(true));
	png("robotics-input.png", robotTable());

	wav("text-to-audio-output.wav", musicBox());
	wav("audio-classification-input.wav", doorbell());

	const speech = [
		"any-to-any-output.wav",
		"text-to-speech-output.wav",
		"automatic-speech-recognition-input.wav",
		"audio-to-audio-input.wav",
		"audio-to-audio-output-1.wav",
		"audio-to-audio-output-2.wav",
		"voice-activity-detection-input.wav",
	];
	if (hasEspeak()) {
		try {
			const say = (text) => normalize(pad(speak(text), 0.3, 0.35), 0.8);
			wav("any-to-any-output.wav", say("A red car is parked in front of a small house."));
			wav("text-to-speech-output.wav", say("Welcome to Hubkit. This voice was made from text."));
			wav("automatic-speech-recognition-input.wav", say("Going along the river, we saw three small boats."));
			const clean = normalize(pad(speak("Please call me back after lunch."), 0.6, 0.6), 0.6);
			const noise = humAndHiss(clean.length);
			wav(
				"audio-to-audio-input.wav",
				clean.map((v, i) => v + noise[i]),
			);
			wav("audio-to-audio-output-1.wav", clean);
			wav("audio-to-audio-output-2.wav", noise);
			wav("voice-activity-detection-input.wav", vad());
		} finally {
			removeSpeechScratch();
		}
	} else {
		console.warn(
			"espeak-ng was not found on PATH, so the speech files were NOT made (existing copies are left as they are):",
		);
		for (const f of speech) console.warn(`  - ${f}${existsSync(join(OUT, f)) ? " (kept old copy)" : " (missing)"}`);
		console.warn("Install it (Debian/Ubuntu: apt-get install espeak-ng) and rerun to make them.");
		console.warn(
			"(audio-to-audio-output-2.wav is noise only, but it must match the speech file's length, so it is skipped too.)",
		);
	}

	let total = 0;
	for (const f of made) {
		const size = statSync(join(OUT, f)).size;
		total += size;
		const limit = f.endsWith(".png") ? 200_000 : 150_000;
		const flag = size > limit ? "  <-- larger than intended" : "";
		console.log(`${f.padEnd(44)} ${String(size).padStart(7)} bytes${flag}`);
	}
	console.log(`${made.length} files, ${total} bytes in ${OUT}`);
}

main();
