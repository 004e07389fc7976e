import type { Readable } from "node:stream";

/**
 * A Node stream as a web stream, read only when the reader asks. Node's own Readable.toWeb
 * pushes every chunk its stream emits, and one emitted after the reader went away (a
 * download stopped half-way) throws "Controller is already closed" outside any handler,
 * which would stop the server. Here a stopped reader destroys the stream, and a chunk read
 * too late is dropped.
 */
export function webStreamOf(stream: Readable): ReadableStream<Uint8Array> {
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { value, done } = await chunks.next();
          if (done) controller.close();
          else controller.enqueue(typeof value === "string" ? Buffer.from(value) : value);
        } catch (error) {
          // Errors the download when it is still read; does nothing once it was canceled.
          controller.error(error);
        }
      },
      async cancel() {
        stream.destroy();
        await chunks.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}
