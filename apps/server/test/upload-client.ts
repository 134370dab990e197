// A Node client of PUT/HEAD /api/uploads/{sha256} for tests and benchmarks, doing what the web
// client does: ask how far the server got (HEAD), send the rest with Content-Range, and on any
// failure ask again. `sendPiece` writes the request by hand on a socket so a test can cut the
// connection (through the TCP proxy) after exactly as many body bytes as it wants.
import { createHash } from "node:crypto";
import net from "node:net";
import { contentRange } from "@sitesnag/shared/uploads";

export const sha256Of = (bytes: Buffer): string => createHash("sha256").update(bytes).digest("hex");

export type Answer = { status: number; headers: Record<string, string>; body: string };

function parse(raw: Buffer): Answer | null {
  const text = raw.toString("utf8");
  const split = text.indexOf("\r\n\r\n");
  if (split < 0) return null;
  const [statusLine = "", ...lines] = text.slice(0, split).split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const at = line.indexOf(":");
    headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return { status: Number(statusLine.split(" ")[1]), headers, body: text.slice(split + 4) };
}

/** HEAD: stored, or the offset of an unfinished upload. */
export async function uploadOffset(port: number, token: string, sha: string): Promise<number | "stored"> {
  const res = await fetch(`http://127.0.0.1:${port}/api/uploads/${sha}`, {
    method: "HEAD",
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.status === 200) return "stored";
  if (res.status !== 404) throw new Error(`HEAD answered ${res.status}`);
  return Number(res.headers.get("upload-offset") ?? "0");
}

/**
 * PUT bytes[from..] with Content-Range on a socket to `port`. With `cutAfter`, `onWritten` is
 * called once that many body bytes are written (the caller cuts the connection there); the promise
 * then settles with null when the connection dies without an answer.
 */
export function sendPiece(
  port: number,
  token: string,
  bytes: Buffer,
  from: number,
  options: { cutAfter?: number; onWritten?: () => void; chunk?: number; pace?: (n: number) => Promise<void> } = {},
): Promise<Answer | null> {
  const sha = sha256Of(bytes);
  const body = bytes.subarray(from);
  const head =
    `PUT /api/uploads/${sha} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
    `Content-Type: application/octet-stream\r\nContent-Length: ${body.length}\r\n` +
    `Content-Range: ${contentRange(from, bytes.length - 1, bytes.length)}\r\nConnection: close\r\n\r\n`;
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      resolve(parse(Buffer.concat(chunks)));
    };
    socket.on("data", (c) => chunks.push(c));
    socket.on("error", settle);
    socket.on("close", settle);
    socket.on("connect", async () => {
      socket.write(head);
      const limit = Math.min(body.length, options.cutAfter ?? body.length);
      const step = options.chunk ?? 64 * 1024;
      for (let at = 0; at < limit && !socket.destroyed; at += step) {
        const piece = body.subarray(at, Math.min(limit, at + step));
        await options.pace?.(piece.length);
        if (!socket.write(piece)) await new Promise((r) => socket.once("drain", r));
      }
      if (options.cutAfter !== undefined && options.cutAfter < body.length) options.onWritten?.();
    });
  });
}

/**
 * Uploads until the server holds the photo, resuming after every failure from the offset the
 * server reports. `attempt` may cut the connection; answers the statuses of every PUT sent.
 */
export async function uploadResumably(
  port: number,
  token: string,
  bytes: Buffer,
  attempt: (from: number, n: number) => Promise<Answer | null>,
  maxAttempts = 50,
): Promise<{ statuses: (number | null)[]; offsets: number[] }> {
  const sha = sha256Of(bytes);
  const statuses: (number | null)[] = [];
  const offsets: number[] = [];
  for (let n = 0; n < maxAttempts; n += 1) {
    const held = await uploadOffset(port, token, sha);
    if (held === "stored") return { statuses, offsets };
    offsets.push(held);
    const answer = await attempt(held, n);
    statuses.push(answer?.status ?? null);
    if (answer && (answer.status === 200 || answer.status === 201)) return { statuses, offsets };
    if (answer && answer.status !== 409 && answer.status >= 400 && answer.status < 500) {
      throw new Error(`upload refused: ${answer.status} ${answer.body}`);
    }
  }
  throw new Error(`upload did not finish in ${maxAttempts} attempts`);
}
