// Reading an uploaded .bcfzip, defensively (issue 38's bad input). Everything is checked before a
// row is written, so a refusal leaves nothing behind:
// - not a ZIP, or a method other than stored/deflate: 400;
// - an entry name with `..`, an absolute path, a drive letter, a backslash or NUL: 400;
// - more than MAX_BCF_TOPICS topics (or entries for them): 413;
// - a zip bomb: the declared sizes are summed and each entry's ratio checked BEFORE inflating, and
//   fflate inflates into a buffer of the declared size, which it never grows, so a lying header
//   cannot make it allocate more (a truncated result then fails the size check): 413;
// - XML with a DOCTYPE (so no entity of any kind, external or nested: XXE, billion laughs) is
//   refused outright; the parser runs with entity processing off and only the five predefined
//   entities and character references are decoded here, by hand: 400.
import { MAX_BCF_TOPICS } from "@sitesnag/shared/bcf";
import { MAX_PHOTO_BYTES } from "@sitesnag/shared/snagging";
import { XMLParser } from "fast-xml-parser";
import { unzipSync } from "fflate";
import { AppError, badRequest } from "../http/errors";

export const MAX_BCF_ENTRIES = MAX_BCF_TOPICS * 4 + 16;
/** What all entries may inflate to together. */
export const MAX_BCF_UNCOMPRESSED_BYTES = 512 * 1024 * 1024;
/** One markup.bcf's largest size. */
const MAX_XML_BYTES = 4 * 1024 * 1024;
/** Past 1 MB, an entry may inflate to at most 200 times its compressed size (XML reaches ~20). */
const MAX_RATIO = 200;
const RATIO_FROM_BYTES = 1024 * 1024;

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ReadComment = { guid: string; date: number | null; author: string; text: string };
export type ReadTopic = {
  guid: string;
  title: string;
  description: string;
  status: string | undefined;
  priority: string | undefined;
  labels: string[];
  dueDate: number | null;
  createdAt: number | null;
  assignedTo: string | undefined;
  comments: ReadComment[];
  /** The snapshot's file and the GUID of the viewpoint that names it (when one does). */
  snapshot: { name: string; bytes: Buffer; viewpoint: string | null } | null;
};
export type ReadArchive = { version: string; topics: ReadTopic[] };

// Each refusal is one whole sentence, so the catalogue translates it (i18n/sentences-coverage).
const NOT_A_ZIP = "The file is not a BCF archive (.bcfzip): it could not be read as a ZIP archive.";
const NO_VERSION = "The file is not a BCF archive (.bcfzip): it has no bcf.version file.";
const BAD_COMPRESSION = "The BCF archive is refused: it uses a compression method other than deflate.";
const TOO_MANY_TOPICS = `The BCF archive is refused: it holds more than ${MAX_BCF_TOPICS.toLocaleString("en")} topics.`;
const TOO_LARGE_TOTAL = "The BCF archive is refused: its files unpack to more than 512 MB.";
const ZIP_BOMB = "The BCF archive is refused: a file in it unpacks to far more than its packed size (a zip bomb).";
const short = (name: string) => name.slice(0, 80);

function checkName(name: string): void {
  const parts = name.split("/");
  if (
    name.startsWith("/") ||
    name.includes("\\") ||
    name.includes("\0") ||
    /^[A-Za-z]:/.test(name) ||
    parts.some((p) => p === ".." || p === ".")
  ) {
    throw badRequest("The BCF archive is refused: it holds a file path that leaves its folder.");
  }
}

type Entry = { name: string; size: number; originalSize: number };

/** The archive's entries, checked, with the wanted ones inflated. */
function unzip(bytes: Uint8Array): Map<string, Uint8Array> {
  const entries: Entry[] = [];
  let total = 0;
  const folders = new Set<string>();
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        checkName(file.name);
        entries.push(file);
        if (entries.length > MAX_BCF_ENTRIES) throw new AppError(413, TOO_MANY_TOPICS);
        if (file.name.endsWith("/markup.bcf")) {
          folders.add(file.name);
          if (folders.size > MAX_BCF_TOPICS) throw new AppError(413, TOO_MANY_TOPICS);
        }
        const wanted = isWanted(file.name);
        if (!wanted) return false;
        total += file.originalSize;
        if (total > MAX_BCF_UNCOMPRESSED_BYTES) throw new AppError(413, TOO_LARGE_TOTAL);
        if (file.originalSize > RATIO_FROM_BYTES && file.originalSize > file.size * MAX_RATIO)
          throw new AppError(413, ZIP_BOMB);
        const limit = file.name.endsWith(".bcf") || file.name.endsWith(".version") ? MAX_XML_BYTES : MAX_PHOTO_BYTES;
        if (file.originalSize > limit)
          throw new AppError(413, `The BCF archive is refused: '${short(file.name)}' is too large.`);
        if (file.compression !== 0 && file.compression !== 8) throw badRequest(BAD_COMPRESSION);
        return true;
      },
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw badRequest(NOT_A_ZIP);
  }
  const out = new Map<string, Uint8Array>();
  for (const entry of entries) {
    const data = files[entry.name];
    if (!data) continue;
    // fflate never grows the declared buffer: a shorter or cut result means a lying header.
    if (data.length !== entry.originalSize)
      throw badRequest(`The BCF archive is refused: '${short(entry.name)}' is damaged.`);
    out.set(entry.name, data);
  }
  return out;
}

const isWanted = (name: string): boolean =>
  name === "bcf.version" || /^[^/]+\/markup\.bcf$/.test(name) || /^[^/]+\/[^/]+\.(png|jpe?g)$/i.test(name);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ["Comment", "Labels", "Label", "Viewpoints", "ViewPoint"].includes(name),
});

const PREDEFINED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** The five predefined entities and character references; any other `&name;` stays as written. */
function decode(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]+);/g, (whole, ref: string) => {
    if (ref.startsWith("#x") || ref.startsWith("#")) {
      const code = ref.startsWith("#x") ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : "";
    }
    return PREDEFINED[ref] ?? whole;
  });
}

type Node = Record<string, unknown>;

function parseXml(data: Uint8Array, name: string): Node {
  const text = new TextDecoder("utf-8", { fatal: false }).decode(data);
  if (/<!DOCTYPE|<!ENTITY/i.test(text))
    throw badRequest(`The BCF archive is refused: '${short(name)}' declares a DOCTYPE or entities.`);
  try {
    return parser.parse(text) as Node;
  } catch {
    throw badRequest(`The BCF archive is refused: '${short(name)}' is not well-formed XML.`);
  }
}

// What the API refuses in text (shared/text.ts) is dropped from a BIM tool's: controls other than
// tab and line feed, and the invisible direction overrides.
const isUnsafe = (code: number) =>
  (code < 32 && code !== 9 && code !== 10) ||
  code === 127 ||
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2066 && code <= 0x2069);
const withoutUnsafe = (text: string) => [...text].filter((c) => !isUnsafe(c.codePointAt(0) ?? 0)).join("");

const textOf = (value: unknown): string => {
  if (Array.isArray(value)) return textOf(value[0]);
  if (typeof value === "string") return withoutUnsafe(decode(value).replace(/\r\n?/g, "\n"));
  if (typeof value === "number") return String(value);
  if (value && typeof value === "object" && "#text" in value) return textOf((value as Node)["#text"]);
  return "";
};
const nodeOf = (value: unknown): Node => (value && typeof value === "object" ? (value as Node) : {});
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

function dateOf(value: unknown): number | null {
  const text = textOf(value);
  if (!text) return null;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}

function readComment(value: unknown, where: string): ReadComment {
  const node = nodeOf(value);
  const guid = textOf(node["@_Guid"]);
  if (!GUID.test(guid))
    throw badRequest(`The BCF archive is refused: '${short(where)}' has a topic or comment without a valid Guid.`);
  return { guid: guid.toLowerCase(), date: dateOf(node.Date), author: textOf(node.Author), text: textOf(node.Comment) };
}

function readMarkup(folder: string, markup: Node, files: Map<string, Uint8Array>): ReadTopic {
  const where = `${folder}/markup.bcf`;
  const root = nodeOf(markup.Markup);
  const topic = nodeOf(root.Topic);
  const guid = textOf(topic["@_Guid"]);
  if (!GUID.test(guid))
    throw badRequest(`The BCF archive is refused: '${short(where)}' has a topic or comment without a valid Guid.`);
  // 2.1 repeats <Labels> with text; 3.0 wraps <Label> elements in one <Labels>.
  const labels = listOf(topic.Labels).flatMap((l) =>
    typeof l === "object" && l !== null && "Label" in l ? listOf((l as Node).Label).map(textOf) : [textOf(l)],
  );
  const comments = [...listOf(root.Comment), ...listOf(nodeOf(topic.Comments).Comment)].map((c) =>
    readComment(c, where),
  );
  const viewpoints = [...listOf(root.Viewpoints), ...listOf(nodeOf(listOf(topic.Viewpoints)[0]).ViewPoint)].map(nodeOf);
  const shown = viewpoints.find((v) => textOf(v.Snapshot) !== "");
  const named = shown ? textOf(shown.Snapshot) : undefined;
  const viewpoint = shown && GUID.test(textOf(shown["@_Guid"])) ? textOf(shown["@_Guid"]).toLowerCase() : null;
  let snapshot: ReadTopic["snapshot"] = null;
  for (const candidate of [named, "snapshot.png", "snapshot.jpg"]) {
    if (!candidate || candidate.includes("/") || candidate.includes("\\")) continue;
    const bytes = files.get(`${folder}/${candidate}`);
    if (bytes) {
      const copy = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      snapshot = { name: candidate, bytes: copy, viewpoint: candidate === named ? viewpoint : null };
      break;
    }
  }
  const title = textOf(topic.Title).trim();
  if (title === "") throw badRequest(`The BCF archive is refused: the topic in '${short(where)}' has no title.`);
  return {
    guid: guid.toLowerCase(),
    title,
    description: textOf(topic.Description),
    status: textOf(topic["@_TopicStatus"]) || undefined,
    priority: textOf(topic.Priority) || undefined,
    labels: labels.filter((l) => l.trim() !== ""),
    dueDate: dateOf(topic.DueDate),
    createdAt: dateOf(topic.CreationDate),
    assignedTo: textOf(topic.AssignedTo) || undefined,
    comments,
    snapshot,
  };
}

/** The archive's topics, or an AppError with a sentence; nothing is written here. */
export function readBcfArchive(bytes: Uint8Array): ReadArchive {
  if (bytes.length < 22 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw badRequest(NOT_A_ZIP);
  const files = unzip(bytes);
  const versionBytes = files.get("bcf.version");
  if (!versionBytes) throw badRequest(NO_VERSION);
  const version = textOf(nodeOf(parseXml(versionBytes, "bcf.version").Version)["@_VersionId"]);
  if (!/^(2\.0|2\.1|3\.0)$/.test(version))
    throw badRequest(
      `The BCF archive is refused: version ${version.slice(0, 10) || "unknown"} is not supported (2.1 or 3.0).`,
    );
  const topics: ReadTopic[] = [];
  const seen = new Set<string>();
  for (const [name, data] of files) {
    if (!name.endsWith("/markup.bcf")) continue;
    const folder = name.slice(0, -"/markup.bcf".length);
    const topic = readMarkup(folder, parseXml(data, name), files);
    if (seen.has(topic.guid)) throw badRequest(`The BCF archive is refused: topic ${topic.guid} appears twice.`);
    seen.add(topic.guid);
    topics.push(topic);
  }
  return { version, topics };
}
