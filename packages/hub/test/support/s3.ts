/**
 * An S3-compatible server for tests: s3rver on 127.0.0.1 and a free port, its data in a
 * temporary directory, one bucket made at start. `storeOn` builds an S3BlobStore on it with
 * small parts, so multipart uploads happen with bodies of a few hundred bytes.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { S3BlobStore, type S3BlobStoreOptions } from "../../src/storage/s3-store.js";

/** s3rver's fixed credentials (it checks signatures). */
export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
/** What a hub process started by a test needs in its environment to reach the server. */
export const S3RVER_ENV = {
	AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
	AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
	AWS_REGION: "us-east-1",
};
/** Small parts keep multipart tests small (s3rver, unlike S3, has no 5 MiB floor). */
export const TEST_PART_BYTES = 64 * 1024;

export interface TestS3Server {
	endpoint: string;
	bucket: string;
	/** Where s3rver keeps its data: objects, and the parts of multipart uploads under way. */
	directory: string;
	client: S3Client;
	/** An S3BlobStore on the bucket under `prefix`, with TEST_PART_BYTES parts unless told otherwise. */
	storeOn(prefix: string, options?: Partial<S3BlobStoreOptions>): S3BlobStore;
	/** Every key in the bucket under `prefix`. */
	keys(prefix?: string): Promise<string[]>;
	/** Stops the server (the data stays until `cleanup`). */
	stop(): Promise<void>;
	/** Stops the server if running and removes its data. */
	cleanup(): Promise<void>;
}

export function s3ClientFor(endpoint: string): S3Client {
	return new S3Client({
		endpoint,
		region: "us-east-1",
		forcePathStyle: true,
		credentials: S3RVER_CREDENTIALS,
		// s3rver knows nothing of the newer checksum trailers; only send them when S3 requires them.
		requestChecksumCalculation: "WHEN_REQUIRED",
		responseChecksumValidation: "WHEN_REQUIRED",
	});
}

export async function startS3Server(bucket = "hubkit-test"): Promise<TestS3Server> {
	const directory = mkdtempSync(join(tmpdir(), "hubkit-s3rver-"));
	const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory });
	const address = (await server.run()) as AddressInfo;
	const endpoint = `http://127.0.0.1:${address.port}`;
	const client = s3ClientFor(endpoint);
	await client.send(new CreateBucketCommand({ Bucket: bucket }));
	let running = true;
	const stop = async () => {
		if (!running) return;
		running = false;
		await server.close();
	};
	return {
		endpoint,
		bucket,
		directory,
		client,
		storeOn: (prefix, options = {}) =>
			new S3BlobStore({ client, bucket, prefix, partBytes: TEST_PART_BYTES, ...options }),
		async keys(prefix = "") {
			const keys: string[] = [];
			let token: string | undefined;
			do {
				const page = await client.send(
					new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
				);
				for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
				token = page.IsTruncated ? page.NextContinuationToken : undefined;
			} while (token);
			return keys.sort();
		},
		stop,
		async cleanup() {
			await stop();
			client.destroy();
			rmSync(directory, { recursive: true, force: true });
		},
	};
}
