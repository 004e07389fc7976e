import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  DeleteObjectCommand,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { Readable } from "node:stream";
import { OFFSITE_MESSAGES, unreachable, type OffsiteTarget } from "~/lib/offsite";

/**
 * S3-compatible storage through the official AWS SDK (decision 0090): Backblaze B2, AWS S3,
 * Cloudflare R2, Wasabi, a MinIO box. Only what off-site copies need: list, put (multipart
 * for big files), get, delete. The SDK adds a CRC32 checksum to every upload, which the
 * storage checks, and retries a failed request (a part, for a multipart upload) itself.
 */

export type Storage = { client: S3Client; bucket: string; endpoint: string };

// A part of a multipart upload: big enough that a large database is few requests, small
// enough that a cut connection costs one part again, not the whole file.
const PART_BYTES = 8 * 1024 * 1024;

/**
 * A client for the owner's storage. `attempts`: how often a request is tried; a check the
 * owner waits for on the page tries twice, so a wrong address answers in seconds.
 */
export function openStorage(target: OffsiteTarget, { attempts = 5 } = {}): Storage {
  // The SDK is pinned (package.json) to a version that runs on Node 20, which the site still
  // supports; its note that later versions will not is for whoever upgrades it (decision
  // 0090), not for the owner's logs and terminal every night.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const client = new S3Client({
    endpoint: target.endpoint,
    region: target.region,
    // Every S3-compatible storage takes bucket-in-the-path addresses; AWS itself also takes
    // the bucket as a host name, which it prefers.
    forcePathStyle: !/\.amazonaws\.com$/i.test(new URL(target.endpoint).hostname),
    credentials: { accessKeyId: target.accessKeyId, secretAccessKey: target.secretAccessKey },
    // A flaky line at the owner's end: each request is tried again, up to five times.
    maxAttempts: attempts,
    // A storage that does not answer at all is given up on rather than waited for.
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 120_000 },
  });
  return { client, bucket: target.bucket, endpoint: target.endpoint };
}

export type StoredObject = { key: string; size: number; modified: Date | null };

/** Every object under `prefix`, page by page. */
export async function listObjects(storage: Storage, prefix: string): Promise<StoredObject[]> {
  const found: StoredObject[] = [];
  let token: string | undefined;
  do {
    const page = await storage.client.send(
      new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: prefix, ContinuationToken: token }),
    );
    for (const item of page.Contents ?? [])
      if (item.Key) found.push({ key: item.Key, size: item.Size ?? 0, modified: item.LastModified ?? null });
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return found;
}

/** A small object, whole. */
export async function putObject(
  storage: Storage,
  key: string,
  body: Uint8Array | string,
  metadata: Record<string, string> = {},
) {
  await storage.client.send(new PutObjectCommand({ Bucket: storage.bucket, Key: key, Body: body, Metadata: metadata }));
}

/**
 * A stream of unknown length, uploaded in parts of 8 MB (one request when it is smaller).
 * An object appears only once every part is in: a cut connection never leaves half a file
 * under the key. A part that fails is retried by the SDK; one that still fails aborts the
 * upload, so no parts are left behind to be paid for.
 */
export async function uploadStream(
  storage: Storage,
  key: string,
  body: Readable,
  metadata: Record<string, string> = {},
) {
  const upload = new Upload({
    client: storage.client,
    params: { Bucket: storage.bucket, Key: key, Body: body, Metadata: metadata },
    partSize: PART_BYTES,
    queueSize: 2,
    leavePartsOnError: false,
  });
  await upload.done();
}

/** An object's body as a stream, and its metadata; null when there is no such object. */
export async function getObject(
  storage: Storage,
  key: string,
): Promise<{ body: ReadableStream<Uint8Array>; metadata: Record<string, string>; size: number } | null> {
  try {
    const answer = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: key }));
    if (!answer.Body) return null;
    return {
      body: answer.Body.transformToWebStream() as ReadableStream<Uint8Array>,
      metadata: answer.Metadata ?? {},
      size: answer.ContentLength ?? 0,
    };
  } catch (error) {
    if (error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404))
      return null;
    throw error;
  }
}

/** An object's whole body; null when there is none. */
export async function getBytes(storage: Storage, key: string): Promise<Uint8Array | null> {
  const object = await getObject(storage, key);
  if (!object) return null;
  return new Uint8Array(await new Response(object.body).arrayBuffer());
}

/** Removes these objects, a thousand a request (the most S3 takes at once). */
export async function deleteObjects(storage: Storage, keys: readonly string[]) {
  for (let i = 0; i < keys.length; i += 1000) {
    const batch = keys.slice(i, i + 1000);
    const answer = await storage.client.send(
      new DeleteObjectsCommand({
        Bucket: storage.bucket,
        Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
      }),
    );
    if (answer.Errors?.length)
      throw new Error(`The storage kept ${answer.Errors.length} of the files it was asked to remove.`);
  }
}

/**
 * Whether the bucket is there and these keys may write to it: a small file put and removed.
 * Throws an error whose message says what is wrong in the owner's words.
 */
export async function checkStorage(storage: Storage, testKey: string) {
  try {
    await storage.client.send(new HeadBucketCommand({ Bucket: storage.bucket }));
    await putObject(storage, testKey, "A test file from the website's off-site copies. It may be deleted.\n");
    await storage.client.send(new DeleteObjectCommand({ Bucket: storage.bucket, Key: testKey }));
  } catch (error) {
    throw new Error(storageProblem(error, storage.endpoint), { cause: error });
  }
}

/** What went wrong talking to the storage, in the owner's words. */
export function storageProblem(error: unknown, endpoint: string): string {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode;
    if (error.name === "NoSuchBucket" || status === 404) return OFFSITE_MESSAGES.noBucket;
    if (
      ["InvalidAccessKeyId", "SignatureDoesNotMatch", "AccessDenied", "InvalidToken"].includes(error.name) ||
      status === 401 ||
      status === 403
    )
      return OFFSITE_MESSAGES.refusedKeys;
    return `The storage answered: ${error.message || error.name}`;
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? "";
  if (NETWORK_FAILURES.has(code) || (error instanceof Error && error.name === "TimeoutError"))
    return unreachable(endpoint);
  return error instanceof Error ? error.message : String(error);
}

// What a line that is down, or an address that is wrong, looks like to Node.
const NETWORK_FAILURES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
]);
