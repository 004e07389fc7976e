import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import type { AddressInfo } from "node:net";
import type { FastifyReply, FastifyRequest } from "fastify";
import { buildApp } from "fauxqs";

/** The fake S3's bucket and keys (it checks no signatures): what another process is told to use. */
export const FAKE_S3 = {
  bucket: "site-backups",
  credentials: { accessKeyId: "fake-key-id", secretAccessKey: "fake-secret" },
} as const;

/**
 * A local S3 for the off-site copies' tests: fauxqs (an S3, SQS and SNS emulator from npm,
 * pinned) on 127.0.0.1, which the official AWS SDK talks to as it would to Backblaze or R2.
 * It keeps objects in memory and checks no signatures. Around it, what the tests need to
 * play a bad line: every request counted, and the next ones cut off mid-way.
 */
export async function startFakeS3(bucket: string = FAKE_S3.bucket, port = 0) {
  // The SDK is pinned to a version for Node 20 (decision 0090): its note about later ones is noise here.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const app = buildApp({ logger: false });
  // fauxqs takes bodies up to 11 MiB; a multipart part or a whole small upload is below that,
  // but a test may send more in one piece.
  app.removeContentTypeParser("*");
  app.addContentTypeParser(
    "*",
    { parseAs: "buffer", bodyLimit: 1 << 30 },
    (_request: unknown, body: Buffer, done: (error: Error | null, body?: Buffer) => void) => done(null, body),
  );
  const requests: { method: string; path: string }[] = [];
  let cutting: ((request: { method: string; path: string }) => boolean) | null = null;
  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    const seen = { method: request.method, path: decodeURIComponent(new URL(request.url, "http://s3").pathname) };
    requests.push(seen);
    // The connection dropped before the storage took the request, as a truck's phone line does.
    if (cutting?.(seen)) {
      reply.hijack();
      request.raw.socket.destroy();
    }
  });
  await app.listen({ port, host: "127.0.0.1" });
  const endpoint = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const credentials = FAKE_S3.credentials;
  const client = new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    endpoint,
    bucket,
    client,
    credentials,
    /** What was asked, in order ("PUT /site-backups/key.age"). */
    requests,
    /** Cuts the connection of every request `which` picks, until `cut(null)`. */
    cut(which: ((request: { method: string; path: string }) => boolean) | null) {
      cutting = which;
    },
    async stop() {
      client.destroy();
      await app.close();
    },
  };
}
export type FakeS3 = Awaited<ReturnType<typeof startFakeS3>>;
