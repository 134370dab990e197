import { describe, expect, it } from "vitest";
import { createSseParser, type SseMessage } from "./live";

describe("createSseParser", () => {
  const parse = (chunks: string[]) => {
    const out: SseMessage[] = [];
    const feed = createSseParser((m) => out.push(m));
    for (const c of chunks) feed(c);
    return out;
  };

  it("reads messages split anywhere, with ids, names and comments (heartbeats) skipped", () => {
    const text =
      'retry: 2000\n\n: heartbeat\n\nid: 7\nevent: change\ndata: {"a":1}\n\nid: 8\nevent: ready\ndata: {}\n\n';
    const whole = parse([text]);
    expect(whole).toEqual([
      { event: "change", id: "7", data: '{"a":1}' },
      { event: "ready", id: "8", data: "{}" },
    ]);
    // Byte by byte gives the same.
    expect(parse([...text])).toEqual(whole);
  });

  it("takes \\r\\n and \\r line ends, joins data lines, and defaults the name to message", () => {
    expect(parse(["data: a\r\ndata: b\r", "\r\n"])).toEqual([{ event: "message", id: undefined, data: "a\nb" }]);
  });

  it("dispatches nothing for a message without data", () => {
    expect(parse(["id: 3\nevent: x\n\n"])).toEqual([]);
  });
});
