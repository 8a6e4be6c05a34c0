/**
 * A waving stick figure, with or without its keypoints (keypoint detection).
 */
import { Canvas, DEMO_SCALE } from "../canvas.mjs";
import { circle, intersect, line, polyline, rect, ring } from "../shapes.mjs";

const FIGURE = {
	head: [160, 62],
	rShoulder: [128, 112],
	lShoulder: [192, 112],
	rElbow: [96, 82],
	rWrist: [86, 36],
	lElbow: [210, 156],
	lWrist: [220, 200],
	rHip: [142, 196],
	lHip: [178, 196],
	rKnee: [132, 246],
	lKnee: [190, 246],
	rAnkle: [122, 294],
	lAnkle: [200, 294],
};

function drawFigure(cv, ink) {
	const F = FIGURE;
	const w = 7;
	const neck = [160, 88];
	const pelvis = [160, 196];
	cv.fill(ring(...F.head, 24, w), ink);
	cv.fill(circle(152, 58, 2.8), ink);
	cv.fill(circle(168, 58, 2.8), ink);
	cv.fill(intersect(ring(160, 62, 11, 3), rect(140, 66, 180, 80)), ink);
	cv.fill(line(...neck, ...pelvis, w), ink);
	cv.fill(line(...F.rShoulder, ...F.lShoulder, w), ink);
	cv.fill(line(...F.rHip, ...F.lHip, w), ink);
	cv.fill(polyline([F.rShoulder, F.rElbow, F.rWrist], w), ink);
	cv.fill(polyline([F.lShoulder, F.lElbow, F.lWrist], w), ink);
	cv.fill(polyline([F.rHip, F.rKnee, F.rAnkle, [F.rAnkle[0] - 16, F.rAnkle[1]]], w), ink);
	cv.fill(polyline([F.lHip, F.lKnee, F.lAnkle, [F.lAnkle[0] + 16, F.lAnkle[1]]], w), ink);
	cv.fill(circle(...F.rWrist, 7), ink);
	cv.fill(circle(...F.lWrist, 6), ink);
}

export function stickFigure(withKeypoints) {
	const cv = new Canvas(320, 320, "#f2f5f9", DEMO_SCALE);
	drawFigure(cv, withKeypoints ? "#9aa1ab" : "#2b2f36");
	// Waving marks next to the raised hand.
	for (const [r, a] of [
		[16, 0.9],
		[24, 0.6],
	]) {
		const arc = intersect(ring(86, 36, r, 2.5), rect(40, 10, 80, 50));
		cv.fill(arc, [43, 47, 54, a]);
	}
	if (!withKeypoints) return cv;
	const F = FIGURE;
	const bones = [
		["head", "rShoulder", "#2bb673"],
		["head", "lShoulder", "#2bb673"],
		["rShoulder", "lShoulder", "#2bb673"],
		["rShoulder", "rElbow", "#ff8a1f"],
		["rElbow", "rWrist", "#ff8a1f"],
		["lShoulder", "lElbow", "#2f80ed"],
		["lElbow", "lWrist", "#2f80ed"],
		["rShoulder", "rHip", "#2bb673"],
		["lShoulder", "lHip", "#2bb673"],
		["rHip", "lHip", "#2bb673"],
		["rHip", "rKnee", "#ff8a1f"],
		["rKnee", "rAnkle", "#ff8a1f"],
		["lHip", "lKnee", "#2f80ed"],
		["lKnee", "lAnkle", "#2f80ed"],
	];
	for (const [a, b, c] of bones) cv.fill(line(...F[a], ...F[b], 3.5), c);
	const dot = (name) => (name === "head" ? "#e0245e" : name.startsWith("r") ? "#ff5a1f" : "#1f5fd6");
	for (const [name, p] of Object.entries(F)) {
		cv.fill(circle(...p, 7), "#ffffff");
		cv.fill(circle(...p, 5), dot(name));
	}
	return cv;
}
