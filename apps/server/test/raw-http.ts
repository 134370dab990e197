// Bytes straight onto a listening server's socket, for requests no HTTP client will send
// (raw NUL bytes, oversized headers) and answers Node's parser gives before Fastify sees anything.
import net from "node:net";

export type Headers = Record<string, string | string[] | number | undefined>;
export type RawAnswer = { status: number; headers: Headers; body: string };

export function rawRequest(port: number, request: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const split = text.indexOf("\r\n\r\n");
      const [statusLine = "", ...lines] = text.slice(0, split).split("\r\n");
      const headers: Headers = {};
      for (const line of lines) {
        const at = line.indexOf(":");
        headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      const status = Number(statusLine.split(" ")[1]);
      if (split < 0 || Number.isNaN(status)) reject(new Error(`no HTTP answer: ${text.slice(0, 100)}`));
      else resolve({ status, headers, body: text.slice(split + 4) });
    });
    socket.write(request);
  });
}
