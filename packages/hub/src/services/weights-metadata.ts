/**
 * What a model's weight files say about themselves, read from their headers
 * when `main` moves (repo-record.ts) and stored, so a listing never parses a
 * file: the safetensors parameter counts per dtype, and a GGUF file's
 * architecture, context length, chat template, special tokens, parameter count
 * and quantisation — in huggingface.co's shapes (`safetensors`, `gguf` of
 * reference/hub-api.md §2). Only header bytes are read from the blob store,
 * never a whole file. A header that is missing, truncated or not what its name
 * says leaves the field out; it never fails the commit.
 */
import { readGgufHeader } from "@hubkit/runtime";
import { GGMLFileQuantizationType, GGMLQuantizationType, pickGgufFile } from "@hubkit/tasks";
import { readStreamLimited } from "../lib/streams.js";
import type { BlobStore } from "../storage/blob-store.js";

export interface WeightFile {
	path: string;
	blobSha256: string;
	size: number;
}

/** `safetensors` of a model answer: parameters per dtype and their sum. */
export interface SafetensorsSummary {
	parameters: Record<string, number>;
	total: number;
}

/**
 * `gguf` of a model answer. `quantization` (the file type's name, e.g. `Q4_K_M`) is the hub's
 * own addition; clients keep unknown keys.
 */
export interface GgufSummary {
	total: number;
	architecture?: string;
	context_length?: number;
	chat_template?: string;
	bos_token?: string;
	eos_token?: string;
	quantization?: string;
}

export interface WeightsMetadata {
	safetensors: SafetensorsSummary | undefined;
	gguf: GgufSummary | undefined;
}

/** The safetensors format's own bound on the header (the Python client reads up to 25 MB). */
const MAX_SAFETENSORS_HEADER = 100_000_000;
/**
 * Header bytes read per commit, for each format: the record is written inside the commit's
 * transaction, so a repository of many huge headers must not hold it for long. Real models'
 * headers are far smaller (tens of kB per safetensors shard, a few MB for a GGUF tokenizer).
 */
const HEADER_BYTES_PER_COMMIT = 64 * 1024 * 1024;
/** A sharded index is a small JSON file. */
const MAX_INDEX_BYTES = 16 * 1024 * 1024;
/** More shards than this is not a model anyone uploads; the count is then left out. */
const MAX_SAFETENSORS_FILES = 1000;
/** A GGUF header is read in growing starts: the first read, and the most (tokenizers of large vocabularies take megabytes). */
const FIRST_GGUF_READ = 1024 * 1024;
const MAX_GGUF_HEADER = HEADER_BYTES_PER_COMMIT;
const SAFETENSORS_INDEX = "model.safetensors.index.json";
const GGUF_SHARD = /-(\d{5})-of-(\d{5})\.gguf$/i;

/** Both summaries; a field whose files cannot be read is undefined. */
export async function readWeightsMetadata(
	store: Pick<BlobStore, "read">,
	files: readonly WeightFile[],
): Promise<WeightsMetadata> {
	const byPath = new Map(files.map((file) => [file.path, file]));
	const [safetensors, gguf] = await Promise.all([
		safetensorsSummary(budgetedReader(store), byPath).catch(() => undefined),
		ggufSummary(budgetedReader(store), byPath).catch(() => undefined),
	]);
	return { safetensors, gguf };
}

/** Up to `length` bytes of a file from `start` (fewer when the stored blob is shorter). */
type ReadBytes = (file: WeightFile, start: number, length: number) => Promise<Uint8Array>;

/** Reads that throw once HEADER_BYTES_PER_COMMIT would be passed (the field is then left out). */
function budgetedReader(store: Pick<BlobStore, "read">): ReadBytes {
	let left = HEADER_BYTES_PER_COMMIT;
	return async (file, start, length) => {
		const end = Math.min(start + length, file.size) - 1;
		if (end < start) return new Uint8Array(0);
		left -= end - start + 1;
		if (left < 0) throw new Error("The weights' headers are larger than a commit reads");
		const stream = await store.read(file.blobSha256, { start, end });
		if (!stream) return new Uint8Array(0);
		const bytes = await readStreamLimited(stream, end - start + 1);
		return bytes === "too-large" ? new Uint8Array(0) : bytes;
	};
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
	typeof value === "object" && value !== null && !Array.isArray(value);

/** The files a sharded index names, or every `.safetensors` file when there is no index. */
async function safetensorsFiles(read: ReadBytes, byPath: Map<string, WeightFile>): Promise<WeightFile[] | undefined> {
	const index = byPath.get(SAFETENSORS_INDEX);
	if (index) {
		if (index.size > MAX_INDEX_BYTES) return undefined;
		const parsed: unknown = JSON.parse(new TextDecoder().decode(await read(index, 0, index.size)));
		const weightMap = isRecord(parsed) ? parsed.weight_map : undefined;
		if (!isRecord(weightMap)) return undefined;
		const shards = [...new Set(Object.values(weightMap))].map((name) =>
			typeof name === "string" ? byPath.get(name) : undefined,
		);
		return shards.every((shard) => shard !== undefined) ? (shards as WeightFile[]) : undefined;
	}
	return [...byPath.values()].filter((file) => file.path.endsWith(".safetensors"));
}

async function safetensorsSummary(
	read: ReadBytes,
	byPath: Map<string, WeightFile>,
): Promise<SafetensorsSummary | undefined> {
	const files = await safetensorsFiles(read, byPath);
	if (!files || files.length === 0 || files.length > MAX_SAFETENSORS_FILES) return undefined;
	const parameters: Record<string, number> = {};
	for (const file of files) {
		const counts = await safetensorsCounts(read, file);
		if (!counts) return undefined;
		for (const [dtype, count] of counts) parameters[dtype] = (parameters[dtype] ?? 0) + count;
	}
	const total = Object.values(parameters).reduce((sum, count) => sum + count, 0);
	return Number.isSafeInteger(total) ? { parameters, total } : undefined;
}

/** Elements per dtype from one file's header: 8 bytes of little-endian length, then that much JSON. */
async function safetensorsCounts(read: ReadBytes, file: WeightFile): Promise<Map<string, number> | undefined> {
	const prefix = await read(file, 0, 8);
	if (prefix.byteLength < 8) return undefined;
	const length = Number(new DataView(prefix.buffer, prefix.byteOffset, 8).getBigUint64(0, true));
	if (length < 2 || length > MAX_SAFETENSORS_HEADER || length > file.size - 8) return undefined;
	const bytes = await read(file, 8, length);
	if (bytes.byteLength < length) return undefined;
	const header: unknown = JSON.parse(new TextDecoder().decode(bytes));
	if (!isRecord(header)) return undefined;
	const counts = new Map<string, number>();
	for (const [name, tensor] of Object.entries(header)) {
		if (name === "__metadata__") continue;
		if (!isRecord(tensor) || typeof tensor.dtype !== "string" || !/^[A-Z0-9_]{1,16}$/.test(tensor.dtype)) {
			return undefined;
		}
		const shape = tensor.shape;
		if (!Array.isArray(shape) || !shape.every((size) => Number.isSafeInteger(size) && size >= 0)) return undefined;
		const elements = (shape as number[]).reduce((product, size) => product * size, 1);
		if (!Number.isSafeInteger(elements)) return undefined;
		counts.set(tensor.dtype, (counts.get(tensor.dtype) ?? 0) + elements);
	}
	return counts;
}

/** The GGUF file apps would load (Q4_K_M or the nearest), with its other shards when it is split. */
function ggufFilesToRead(byPath: Map<string, WeightFile>): WeightFile[] | undefined {
	const paths = [...byPath.keys()];
	const chosen = pickGgufFile({ id: "", siblings: paths.map((rfilename) => ({ rfilename })) });
	const file = chosen === undefined ? undefined : byPath.get(chosen);
	if (!file) return undefined;
	const shard = GGUF_SHARD.exec(file.path);
	if (!shard) return [file];
	const count = Number(shard[2]);
	const shards: WeightFile[] = [];
	for (let index = 1; index <= count; index++) {
		const name = file.path.replace(GGUF_SHARD, `-${String(index).padStart(5, "0")}-of-${shard[2]}.gguf`);
		const found = byPath.get(name);
		if (!found) return undefined;
		shards.push(found);
	}
	return shards;
}

async function ggufSummary(read: ReadBytes, byPath: Map<string, WeightFile>): Promise<GgufSummary | undefined> {
	const files = ggufFilesToRead(byPath);
	if (!files) return undefined;
	let total = 0;
	const typeElements = new Map<number, number>();
	let first: Awaited<ReturnType<typeof ggufHeaderOf>>;
	for (const [position, file] of files.entries()) {
		const header = await ggufHeaderOf(read, file);
		if (!header) return undefined;
		if (position === 0) first = header;
		for (const tensor of header.tensors) {
			const elements = tensor.shape.reduce((product, size) => product * size, 1);
			total += elements;
			typeElements.set(tensor.type, (typeElements.get(tensor.type) ?? 0) + elements);
		}
	}
	if (!first || !Number.isSafeInteger(total)) return undefined;
	const metadata = first.metadata;
	const text = (key: string) => {
		const value = metadata.get(key);
		return typeof value === "string" ? value : undefined;
	};
	const integer = (key: string) => {
		const value = metadata.get(key);
		return typeof value === "number" && Number.isSafeInteger(value) ? value : undefined;
	};
	const tokens = metadata.get("tokenizer.ggml.tokens");
	const token = (key: string) => {
		const id = integer(key);
		return Array.isArray(tokens) && id !== undefined ? tokens[id] : undefined;
	};
	const architecture = text("general.architecture");
	const summary: GgufSummary = {
		total,
		architecture,
		context_length: architecture === undefined ? undefined : integer(`${architecture}.context_length`),
		chat_template: text("tokenizer.chat_template"),
		bos_token: token("tokenizer.ggml.bos_token_id"),
		eos_token: token("tokenizer.ggml.eos_token_id"),
		quantization: quantizationOf(integer("general.file_type"), typeElements),
	};
	for (const key of Object.keys(summary) as (keyof GgufSummary)[]) {
		if (summary[key] === undefined) delete summary[key];
	}
	return summary;
}

/** The file type's name; without one, the tensor type that holds the most elements. */
function quantizationOf(fileType: number | undefined, typeElements: Map<number, number>): string | undefined {
	const named = fileType === undefined ? undefined : GGMLFileQuantizationType[fileType];
	if (typeof named === "string") return named;
	const [commonest] = [...typeElements].sort((left, right) => right[1] - left[1])[0] ?? [];
	const tensorType = commonest === undefined ? undefined : GGMLQuantizationType[commonest];
	return typeof tensorType === "string" ? tensorType : undefined;
}

/** The header of one GGUF file, reading a longer start of it until the header ends inside. */
async function ggufHeaderOf(read: ReadBytes, file: WeightFile) {
	for (let length = FIRST_GGUF_READ; ; length *= 2) {
		const bytes = await read(file, 0, Math.min(length, MAX_GGUF_HEADER));
		const header = readGgufHeader(bytes);
		if (header !== "more") return "problem" in header ? undefined : header;
		// The whole file (or the stored part of a placeholder), or the most we read, and still no end.
		if (bytes.byteLength < Math.min(length, MAX_GGUF_HEADER) || length >= MAX_GGUF_HEADER) return undefined;
	}
}
