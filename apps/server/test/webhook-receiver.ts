// A real HTTP endpoint on 127.0.0.1 for webhook tests and the bench: records every request (path,
// headers, raw body) and answers 200 "thanks", or the answers queued with `answer`, in order.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedRequest = { path: string; headers: http.IncomingHttpHeaders; body: string; at: number };

export type Receiver = {
  port: number;
  url: (path: string) => string;
  requests: ReceivedRequest[];
  /** Queues the next answers (status and body); afterwards 200 "thanks" again. */
  answer: (status: number, body: string, delayMs?: number) => void;
  reset: () => void;
  close: () => Promise<void>;
};

export async function startReceiver(
  respond?: (request: ReceivedRequest) => { status: number; body: string; delayMs?: number } | undefined,
): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const queued: { status: number; body: string; delayMs: number }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const received = {
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      };
      requests.push(received);
      const next = respond?.(received) ?? queued.shift() ?? { status: 200, body: "thanks", delayMs: 0 };
      const send = () => {
        res.writeHead(next.status, { "content-type": "text/plain" });
        res.end(next.body);
      };
      if (next.delayMs) setTimeout(send, next.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    answer: (status, body, delayMs = 0) => queued.push({ status, body, delayMs }),
    reset: () => {
      requests.length = 0;
      queued.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
