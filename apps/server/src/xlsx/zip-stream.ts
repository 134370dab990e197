// A ZIP archive written as a stream (APPNOTE 6.3.x, the subset an .xlsx needs): each entry's bytes
// are deflated as they arrive and its CRC-32 and sizes follow it in a data descriptor (general
// purpose bit 3), so nothing is held but the deflater's window and the central directory (one small
// record per entry). Node's own zlib (deflateRaw, crc32) does the work: no dependency (decision 0064).
// No ZIP64: an entry or the archive past 4 GiB is refused rather than written corrupt.
import { once } from "node:events";
import { crc32, createDeflateRaw } from "node:zlib";

export type ZipEntry = { name: string; content: AsyncIterable<string | Buffer> | Iterable<string | Buffer> };

const LIMIT = 0xffff_ffff;
/** Bytes of the buffer text parts are encoded into: a part of up to a third as many characters fits. */
const SCRATCH = 64 * 1024;
const UTF8_AND_DESCRIPTOR = 0x0808;
const DEFLATE = 8;
const VERSION = 20;

// MS-DOS date and time of 1980-01-01 00:00: a fixed stamp, so the same content zips to the same bytes.
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

type Written = { name: Buffer; offset: number; crc: number; compressed: number; size: number };

function localHeader(name: Buffer): Buffer {
  const b = Buffer.alloc(30);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(VERSION, 4);
  b.writeUInt16LE(UTF8_AND_DESCRIPTOR, 6);
  b.writeUInt16LE(DEFLATE, 8);
  b.writeUInt16LE(DOS_TIME, 10);
  b.writeUInt16LE(DOS_DATE, 12);
  // CRC and sizes (14–25) stay 0: they follow the data in its descriptor.
  b.writeUInt16LE(name.length, 26);
  b.writeUInt16LE(0, 28);
  return Buffer.concat([b, name]);
}

function descriptor(e: Written): Buffer {
  const b = Buffer.alloc(16);
  b.writeUInt32LE(0x08074b50, 0);
  b.writeUInt32LE(e.crc, 4);
  b.writeUInt32LE(e.compressed, 8);
  b.writeUInt32LE(e.size, 12);
  return b;
}

function centralRecord(e: Written): Buffer {
  const b = Buffer.alloc(46);
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE(VERSION, 4);
  b.writeUInt16LE(VERSION, 6);
  b.writeUInt16LE(UTF8_AND_DESCRIPTOR, 8);
  b.writeUInt16LE(DEFLATE, 10);
  b.writeUInt16LE(DOS_TIME, 12);
  b.writeUInt16LE(DOS_DATE, 14);
  b.writeUInt32LE(e.crc, 16);
  b.writeUInt32LE(e.compressed, 20);
  b.writeUInt32LE(e.size, 24);
  b.writeUInt16LE(e.name.length, 28);
  // Extra field, comment, disk number, attributes: all 0 (30–41).
  b.writeUInt32LE(e.offset, 42);
  return Buffer.concat([b, e.name]);
}

function endOfDirectory(count: number, size: number, offset: number): Buffer {
  const b = Buffer.alloc(22);
  b.writeUInt32LE(0x06054b50, 0);
  b.writeUInt16LE(count, 8);
  b.writeUInt16LE(count, 10);
  b.writeUInt32LE(size, 12);
  b.writeUInt32LE(offset, 16);
  return b;
}

const tooLarge = () => new Error("The archive is too large for a ZIP without ZIP64");

/** The archive's bytes, entry after entry, pulled as the reader reads (backpressure end to end). */
export async function* zipStream(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>): AsyncGenerator<Buffer> {
  const written: Written[] = [];
  let offset = 0;
  const scratch = Buffer.allocUnsafe(SCRATCH);
  for await (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const record: Written = { name, offset, crc: 0, compressed: 0, size: 0 };
    const head = localHeader(name);
    offset += head.length;
    yield head;
    // The input is counted, checksummed and written to the deflater one part at a time, and the
    // deflater's output handed on before the next part is pulled: no stream in between reads ahead
    // (a Readable in object mode pulled up to 16 parts, and the database batches behind them). A
    // text part is encoded into one scratch buffer, reused once the deflater has consumed it, not
    // into a new Buffer each: 100,000 rows are ~60 MB of XML, and Buffers that outlive a few
    // awaits are freed only by a full collection, so RSS grew by about that much (decision 0081).
    const deflate = createDeflateRaw();
    const out: Buffer[] = [];
    deflate.on("data", (chunk: Buffer) => out.push(chunk));
    // A deflater error reaches the write or the end being awaited (their callback, `once`); without
    // a listener the event itself would end the process.
    deflate.on("error", () => undefined);
    const consumed = (bytes: Buffer) =>
      new Promise<void>((resolve, reject) => deflate.write(bytes, (error) => (error ? reject(error) : resolve())));
    const drain = function* () {
      for (let chunk = out.shift(); chunk !== undefined; chunk = out.shift()) {
        record.compressed += chunk.length;
        yield chunk;
      }
    };
    try {
      for await (const part of entry.content) {
        const bytes =
          typeof part !== "string"
            ? part
            : part.length * 3 <= scratch.length
              ? scratch.subarray(0, scratch.write(part, "utf8"))
              : Buffer.from(part, "utf8");
        record.crc = crc32(bytes, record.crc);
        record.size += bytes.length;
        if (record.size > LIMIT) throw tooLarge();
        await consumed(bytes);
        yield* drain();
      }
      const ended = once(deflate, "end");
      deflate.end();
      await ended;
      yield* drain();
    } finally {
      // The reader left (or a row failed): drop the deflater.
      deflate.destroy();
    }
    offset += record.compressed;
    const tail = descriptor(record);
    offset += tail.length;
    if (offset > LIMIT) throw tooLarge();
    written.push(record);
    yield tail;
  }
  const directory = Buffer.concat(written.map(centralRecord));
  yield directory;
  yield endOfDirectory(written.length, directory.length, offset);
}
