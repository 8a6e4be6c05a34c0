/**
 * onnxruntime-node, loaded on first use: a hub that never runs a model locally
 * never loads the native library, and one whose platform lacks it still starts
 * (its local calls get a clear error instead).
 */
import { RuntimeError } from "./errors.js";

type OnnxRuntime = typeof import("onnxruntime-node");
export type OnnxSession = import("onnxruntime-node").InferenceSession;
export type OnnxTensor = import("onnxruntime-node").Tensor;

let runtime: Promise<OnnxRuntime> | undefined;

function onnxRuntime(): Promise<OnnxRuntime> {
	runtime ??= import("onnxruntime-node").catch((error: unknown) => {
		runtime = undefined;
		throw new RuntimeError(
			"failed",
			`The ONNX runtime could not be loaded on this machine: ${error instanceof Error ? error.message : String(error)}`,
		);
	});
	return runtime;
}

/** A CPU session over the model's bytes. A file ONNX cannot read is the model's fault, not the hub's. */
export async function createSession(model: Uint8Array, what: string): Promise<OnnxSession> {
	const ort = await onnxRuntime();
	try {
		return await ort.InferenceSession.create(model, { executionProviders: ["cpu"], graphOptimizationLevel: "all" });
	} catch (error) {
		const detail = error instanceof Error ? error.message.split("\n")[0] : String(error);
		throw new RuntimeError("unsupported", `${what} could not be loaded by the ONNX runtime: ${detail}`);
	}
}

/** An int64 tensor of shape [rows, columns] from equal-length rows. */
export async function int64Matrix(rows: number[][], columns: number): Promise<OnnxTensor> {
	const ort = await onnxRuntime();
	const data = new BigInt64Array(rows.length * columns);
	rows.forEach((row, index) => {
		for (let column = 0; column < columns; column++) data[index * columns + column] = BigInt(row[column] ?? 0);
	});
	return new ort.Tensor("int64", data, [rows.length, columns]);
}
