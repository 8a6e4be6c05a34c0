/**
 * The blob store a hub's config names: the disk store in the data directory (the default), or
 * with `HUBKIT_BLOB_STORE=s3://bucket/prefix` an S3BlobStore. The S3 client takes region and
 * credentials from the AWS SDK's usual chain (`AWS_REGION`, `AWS_ACCESS_KEY_ID`/`AWS_SECRET_ACCESS_KEY`,
 * `AWS_PROFILE`, instance and container roles…) and its endpoint from `HUBKIT_S3_ENDPOINT`, else
 * the SDK's own `AWS_ENDPOINT_URL_S3` or `AWS_ENDPOINT_URL`, else AWS.
 */
import type { S3ClientConfig } from "@aws-sdk/client-s3";
import { type HubConfig, parseBlobStoreUrl } from "../config.js";
import type { BlobStore } from "./blob-store.js";
import { DiskBlobStore } from "./disk-store.js";

export async function openBlobStore(
	config: HubConfig,
	env: Record<string, string | undefined> = process.env,
): Promise<BlobStore> {
	if (config.blobStore === undefined) return new DiskBlobStore(config.dataDir);
	const { bucket, prefix } = parseBlobStoreUrl(config.blobStore);
	// Loaded only for an S3 store: a hub on disk starts without the AWS SDK.
	const [{ S3Client }, { S3BlobStore }] = await Promise.all([import("@aws-sdk/client-s3"), import("./s3-store.js")]);
	const customEndpoint = config.s3Endpoint ?? env.AWS_ENDPOINT_URL_S3 ?? env.AWS_ENDPOINT_URL;
	const options: S3ClientConfig = {
		...(config.s3Endpoint ? { endpoint: config.s3Endpoint } : {}),
		// MinIO and most S3-compatible servers are addressed host/bucket/key; AWS prefers bucket.host/key.
		forcePathStyle: config.s3ForcePathStyle ?? customEndpoint !== undefined,
		// The SDK reads AWS_REGION (and profiles); a self-hosted server rarely cares, so one is supplied.
		region: env.AWS_REGION || env.AWS_DEFAULT_REGION || (customEndpoint ? "us-east-1" : undefined),
		// The newer checksum headers and trailers are not understood by every S3-compatible server:
		// only where S3 requires them, unless the operator says otherwise in the SDK's own variables.
		...(env.AWS_REQUEST_CHECKSUM_CALCULATION ? {} : { requestChecksumCalculation: "WHEN_REQUIRED" }),
		...(env.AWS_RESPONSE_CHECKSUM_VALIDATION ? {} : { responseChecksumValidation: "WHEN_REQUIRED" }),
	};
	const client = new S3Client(options);
	const presignClient = config.s3PublicEndpoint
		? new S3Client({ ...options, endpoint: config.s3PublicEndpoint })
		: undefined;
	return new S3BlobStore({ client, presignClient, bucket, prefix, partBytes: config.s3PartBytes });
}
