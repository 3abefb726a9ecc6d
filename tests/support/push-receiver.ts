import { createECDH, createDecipheriv, createHmac, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A push service standing in for the browser's: records every push and answers each path with the
 * status given for it (201 unless told otherwise, as real push services answer).
 */
export async function startPushReceiver(): Promise<{
  url: string;
  received: ReceivedPush[];
  answer: (path: string, status: number) => void;
  close: () => Promise<void>;
}> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = answers.get(path) ?? 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer: (path, status) => answers.set(path, status),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a push subscription: its key pair and auth secret, as `PushSubscription.toJSON()` gives them. */
export function testDevice(endpoint: string): { subscription: { endpoint: string; keys: { p256dh: string; auth: string } }; keys: ECDH; authSecret: Buffer } {
  const keys = createECDH("prime256v1");
  keys.generateKeys();
  const authSecret = randomBytes(16);
  return { subscription: { endpoint, keys: { p256dh: keys.getPublicKey("base64url"), auth: authSecret.toString("base64url") } }, keys, authSecret };
}

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/**
 * Decrypts a Web Push message as the browser does (RFC 8291 with RFC 8188's aes128gcm, one
 * record): salt, record size and the sender's public key come first, then the sealed payload.
 */
export function decryptPush(body: Buffer, device: { keys: ECDH; authSecret: Buffer }): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const sealed = body.subarray(21 + idLength);
  const shared = device.keys.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), device.keys.getPublicKey(), senderPublic, Buffer.from([1])]);
  const ikm = hmac(hmac(device.authSecret, shared), keyInfo);
  const prk = hmac(salt, ikm);
  const contentKey = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01")).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", contentKey, nonce);
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  const padded = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then any padding zeros.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString("utf8");
}

/** Whether the VAPID header (RFC 8292) is a token signed by the key pair whose public half is `publicKey`. */
export function vapidSignatureValid(authorization: string | undefined, publicKey: string): boolean {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization ?? "");
  if (!match?.[1] || match[2] !== publicKey) return false;
  const [header, claims, signature] = match[1].split(".");
  if (!header || !claims || !signature) return false;
  const raw = Buffer.from(publicKey, "base64url");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33, 65).toString("base64url") },
    format: "jwk",
  });
  return verify("sha256", Buffer.from(`${header}.${claims}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
}
