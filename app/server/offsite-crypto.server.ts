import { webStreamOf } from "~/server/web-stream.server";
import { Decrypter, Encrypter, generateX25519Identity, identityToRecipient } from "age-encryption";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";

/**
 * The encryption of off-site copies (decision 0090), with age (age-encryption, by age's own
 * author; never home-made crypto). Every copy is encrypted to a key pair made when the owner
 * sets copies up: the server keeps only the public half, so it can encrypt every night; the
 * private half is stored in the bucket locked with the owner's passphrase, which is never
 * kept. Only someone with the passphrase can read a copy, wherever it is restored. The
 * files are standard age files: `age -d` opens them too.
 */

// age hands back the DOM's ReadableStream type; Node's stream/web one is the same object.
const fromWeb = (stream: ReadableStream<Uint8Array>) => Readable.fromWeb(stream as unknown as NodeReadableStream);

export class WrongPassphraseError extends Error {}

/** A new key pair: the private half locked with the passphrase, and the public half. */
export async function makeKey(passphrase: string): Promise<{ locked: Uint8Array; recipient: string }> {
  const identity = await generateX25519Identity();
  const encrypter = new Encrypter();
  encrypter.setPassphrase(passphrase);
  return { locked: await encrypter.encrypt(identity), recipient: await identityToRecipient(identity) };
}

/** The private key out of its lock; WrongPassphraseError when the passphrase does not open it. */
export async function openKey(
  locked: Uint8Array,
  passphrase: string,
): Promise<{ identity: string; recipient: string }> {
  const decrypter = new Decrypter();
  decrypter.addPassphrase(passphrase);
  let identity: string;
  try {
    identity = (await decrypter.decrypt(locked, "text")).trim();
  } catch (error) {
    throw new WrongPassphraseError("The passphrase does not open the key.", { cause: error });
  }
  return { identity, recipient: await identityToRecipient(identity) };
}

/** A file on disk, encrypted to the recipient as it is read: a stream for the upload. */
export async function encryptFile(file: string, recipient: string): Promise<Readable> {
  const encrypter = new Encrypter();
  encrypter.addRecipient(recipient);
  const encrypted = await encrypter.encrypt(webStreamOf(fs.createReadStream(file)));
  return fromWeb(encrypted);
}

/** Small bytes (a manifest), encrypted whole. */
export async function encryptBytes(bytes: Uint8Array | string, recipient: string): Promise<Uint8Array> {
  const encrypter = new Encrypter();
  encrypter.addRecipient(recipient);
  return encrypter.encrypt(bytes);
}

export async function decryptBytes(bytes: Uint8Array, identity: string): Promise<Uint8Array> {
  const decrypter = new Decrypter();
  decrypter.addIdentity(identity);
  return decrypter.decrypt(bytes);
}

/**
 * An encrypted stream decrypted into a file, with the SHA-256 of what was written. age checks
 * every 64 KiB chunk as it goes: a changed byte anywhere throws, and so does a cut-off end.
 */
export async function decryptToFile(
  encrypted: ReadableStream<Uint8Array>,
  identity: string,
  file: string,
): Promise<{ sha256: string; bytes: number }> {
  const decrypter = new Decrypter();
  decrypter.addIdentity(identity);
  const plain = await decrypter.decrypt(encrypted);
  const hash = createHash("sha256");
  let bytes = 0;
  await pipeline(
    fromWeb(plain),
    async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        hash.update(chunk);
        bytes += chunk.length;
        yield chunk;
      }
    },
    fs.createWriteStream(file),
  );
  return { sha256: hash.digest("hex"), bytes };
}

/** The SHA-256 of a file on disk, read as a stream. */
export async function fileSha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest("hex");
}
