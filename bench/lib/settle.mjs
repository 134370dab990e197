// A forced settle of a benchmark's server (decision 0087): through the inspector it was started
// with (`inspectArgs` → `--inspect=127.0.0.1:<port>`), a full garbage collection in the request
// thread and in every worker thread, then each isolate's V8 heap and its Buffers' bytes. What is
// left after it is what the process holds, not garbage a later collection would have freed; RSS
// after it still includes memory the allocators keep for reuse. Bench-only: the server runs as
// `npm start` runs it, plus the inspector's listener.
import { freePort } from "./server.mjs";

/** Node flags that open the inspector on a free local port; pass `port` to `settle`. */
export async function inspectArgs() {
  const port = await freePort();
  return { port, args: [`--inspect=127.0.0.1:${port}`] };
}

const mb = (n) => n / 1048576;

/**
 * Collects garbage in every isolate of the process listening on `port` and answers their memory
 * (MB): `main` and `workers` each `{heapUsed, heapTotal, external, arrayBuffers}`.
 */
export async function settle(port) {
  const [target] = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = () => reject(new Error("inspector: no connection"));
  });
  let next = 1;
  const waiting = new Map();
  const workers = [];
  ws.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.id && waiting.has(message.id)) {
      waiting.get(message.id)(message);
      waiting.delete(message.id);
    } else if (message.method === "NodeWorker.attachedToWorker") {
      workers.push({ sessionId: message.params.sessionId, title: message.params.workerInfo.title });
    } else if (message.method === "NodeWorker.receivedMessageFromWorker") {
      const inner = JSON.parse(message.params.message);
      const key = `${message.params.sessionId}:${inner.id}`;
      if (inner.id && waiting.has(key)) {
        waiting.get(key)(inner);
        waiting.delete(key);
      }
    }
  };
  const call = (method, params = {}) =>
    new Promise((resolve) => {
      const id = next++;
      waiting.set(id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
  const callWorker = (sessionId, method, params = {}) =>
    new Promise((resolve) => {
      const id = next++;
      waiting.set(`${sessionId}:${id}`, resolve);
      void call("NodeWorker.sendMessageToWorker", {
        sessionId,
        message: JSON.stringify({ id, method, params }),
      });
    });
  const usage = "JSON.stringify(process.memoryUsage())";
  const read = (answer) => {
    const m = JSON.parse(answer.result.result.value);
    return {
      heapUsed: mb(m.heapUsed),
      heapTotal: mb(m.heapTotal),
      external: mb(m.external),
      arrayBuffers: mb(m.arrayBuffers),
    };
  };
  try {
    await call("NodeWorker.enable", { waitForDebuggerOnStart: false });
    // The attach events of the workers already running arrive right after enable.
    await new Promise((r) => setTimeout(r, 200));
    const out = { main: null, workers: [] };
    for (const w of workers) {
      // Twice: what the first frees can let a second free more (weak references, finalizers).
      await callWorker(w.sessionId, "HeapProfiler.collectGarbage");
      await callWorker(w.sessionId, "HeapProfiler.collectGarbage");
      out.workers.push({
        title: w.title,
        ...read(await callWorker(w.sessionId, "Runtime.evaluate", { expression: usage, returnByValue: true })),
      });
      await call("NodeWorker.detach", { sessionId: w.sessionId });
    }
    await call("HeapProfiler.collectGarbage");
    await call("HeapProfiler.collectGarbage");
    out.main = read(await call("Runtime.evaluate", { expression: usage, returnByValue: true }));
    await call("NodeWorker.disable");
    return out;
  } finally {
    ws.close();
  }
}
