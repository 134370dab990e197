// The XML files of a .bcfzip as buildingSMART's schemas (BCF-XML 2.1 and 3.0) define them; the
// export test validates each against the published XSDs with xmllint. Pure functions: a topic in,
// text out. Text is escaped, and characters XML 1.0 cannot hold (controls, lone surrogates) are
// dropped; 3.0's NonEmptyOrBlankString elements are left out when blank rather than written empty.

import type { Priority, ReportStatus } from "@sitesnag/shared/enums";
import {
  type BcfVersion,
  PRIORITY_WORD_LIST,
  priorityWord,
  STATUS_WORD_LIST,
  statusWord,
  TOPIC_TYPE,
} from "./bcf.mapping";

export type BcfComment = { guid: string; date: number; author: string; text: string };

export type BcfTopic = {
  guid: string;
  title: string;
  description: string;
  status: ReportStatus;
  priority: Priority;
  labels: readonly string[];
  createdAt: number;
  createdBy: string;
  modifiedAt: number;
  dueDate: number | null;
  assignedTo: string | null;
  comments: readonly BcfComment[];
  /** The viewpoint that carries the snapshot (no camera: SiteSnag has no model to look at). */
  snapshot: { guid: string; file: string } | null;
};

// XML 1.0 Char production: tab, newline, carriage return and U+0020 upwards, without surrogates
// standing alone, U+FFFE and U+FFFF.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export const xmlText = (value: string): string =>
  value
    .replace(NOT_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

const isBlank = (value: string | null | undefined): value is null | undefined | "" =>
  value === null || value === undefined || value.replace(NOT_XML, "").trim() === "";

/** xs:dateTime in UTC, to the second. */
export const xmlDate = (seconds: number): string => new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");

const element = (name: string, value: string | null | undefined): string =>
  isBlank(value) ? "" : `<${name}>${xmlText(value)}</${name}>`;

/** A required element: a blank value is written as a placeholder word (3.0 refuses blank text). */
const required = (name: string, value: string, fallback: string): string =>
  `<${name}>${xmlText(isBlank(value) ? fallback : value)}</${name}>`;

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

export function versionFile(version: BcfVersion): string {
  if (version === "2.1") return `${HEAD}<Version VersionId="2.1"><DetailedVersion>2.1</DetailedVersion></Version>\n`;
  return `${HEAD}<Version VersionId="3.0"/>\n`;
}

/** 3.0's extensions.xml: the words this export uses, so a BIM tool offers the same choices. */
export function extensionsFile(labels: readonly string[]): string {
  const list = (outer: string, inner: string, words: readonly string[]) =>
    words.length === 0 ? "" : `<${outer}>${words.map((w) => element(inner, w)).join("")}</${outer}>`;
  return (
    `${HEAD}<Extensions>` +
    list("TopicTypes", "TopicType", [TOPIC_TYPE]) +
    list("TopicStatuses", "TopicStatus", STATUS_WORD_LIST) +
    list("Priorities", "Priority", PRIORITY_WORD_LIST) +
    list("TopicLabels", "TopicLabel", [...new Set(labels.filter((l) => !isBlank(l)))]) +
    "</Extensions>\n"
  );
}

function topicHead(topic: BcfTopic): string {
  return `<Topic Guid="${topic.guid}" TopicType="${TOPIC_TYPE}" TopicStatus="${xmlText(statusWord(topic.status))}">`;
}

const dates = (topic: BcfTopic) =>
  `<CreationDate>${xmlDate(topic.createdAt)}</CreationDate>` +
  required("CreationAuthor", topic.createdBy, "unknown") +
  `<ModifiedDate>${xmlDate(topic.modifiedAt)}</ModifiedDate>` +
  (topic.dueDate === null ? "" : `<DueDate>${xmlDate(topic.dueDate)}</DueDate>`) +
  element("AssignedTo", topic.assignedTo);

function comment21(c: BcfComment): string {
  // 2.1's Comment text is required (xs:string, may be empty).
  return `<Comment Guid="${c.guid}"><Date>${xmlDate(c.date)}</Date>${required("Author", c.author, "unknown")}<Comment>${xmlText(c.text)}</Comment></Comment>`;
}

function comment30(c: BcfComment): string {
  return `<Comment Guid="${c.guid}"><Date>${xmlDate(c.date)}</Date>${required("Author", c.author, "unknown")}${element("Comment", c.text)}</Comment>`;
}

function markup21(topic: BcfTopic): string {
  const labels = topic.labels.map((l) => element("Labels", l)).join("");
  const viewpoint = topic.snapshot
    ? `<Viewpoints Guid="${topic.snapshot.guid}"><Snapshot>${xmlText(topic.snapshot.file)}</Snapshot></Viewpoints>`
    : "";
  return (
    `${HEAD}<Markup>${topicHead(topic)}` +
    required("Title", topic.title, "Untitled") +
    element("Priority", priorityWord(topic.priority)) +
    labels +
    dates(topic) +
    element("Description", topic.description) +
    "</Topic>" +
    topic.comments.map(comment21).join("") +
    viewpoint +
    "</Markup>\n"
  );
}

function markup30(topic: BcfTopic): string {
  const labels = topic.labels.filter((l) => !isBlank(l));
  const viewpoint = topic.snapshot
    ? `<Viewpoints><ViewPoint Guid="${topic.snapshot.guid}"><Snapshot>${xmlText(topic.snapshot.file)}</Snapshot></ViewPoint></Viewpoints>`
    : "";
  return (
    `${HEAD}<Markup>${topicHead(topic)}` +
    required("Title", topic.title, "Untitled") +
    element("Priority", priorityWord(topic.priority)) +
    (labels.length === 0 ? "" : `<Labels>${labels.map((l) => element("Label", l)).join("")}</Labels>`) +
    dates(topic) +
    element("Description", topic.description) +
    (topic.comments.length === 0 ? "" : `<Comments>${topic.comments.map(comment30).join("")}</Comments>`) +
    viewpoint +
    "</Topic></Markup>\n"
  );
}

export const markupFile = (version: BcfVersion, topic: BcfTopic): string =>
  version === "2.1" ? markup21(topic) : markup30(topic);
