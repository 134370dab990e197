// What a BCF topic sets on a report (docs/bcf.md's table), and the workspace's names it is read
// against: trades and locations by label, people by e-mail address.
import { isValidReference } from "@sitesnag/shared/reference";
import { STANDARD_TRADES } from "@sitesnag/shared/trade-names";
import type { AppContext } from "../context";
import { findTrades } from "../trades/trades.repository";
import { readPriority, readStatus } from "./bcf.mapping";
import type { ReadTopic } from "./bcf.read";
import { findLocationPaths, findPeopleByEmail } from "./bcf.repository";

const MAX_DESCRIPTION = 20_000;

export type Lookups = {
  trades: Map<string, string>;
  defaultTrade: string;
  places: Map<string, string>;
  people: Awaited<ReturnType<typeof findPeopleByEmail>>;
};

export async function lookupsOf(ctx: AppContext, workspaceId: string, projectId: string): Promise<Lookups> {
  const [tradeRows, places, people] = await Promise.all([
    findTrades(ctx.db, workspaceId),
    findLocationPaths(ctx.db, projectId),
    findPeopleByEmail(ctx.db, workspaceId),
  ]);
  const offered =
    tradeRows.length === 0
      ? STANDARD_TRADES.map((t) => ({ key: t.key, name: t.name }))
      : tradeRows.filter((t) => t.retired === 0);
  const trades = new Map(offered.map((t) => [t.name.toLowerCase(), t.key]));
  const defaultTrade = offered.find((t) => t.key === "other")?.key ?? offered[0]?.key ?? "other";
  return { trades, defaultTrade, places: new Map(places.map((p) => [p.path.toLowerCase(), p.id])), people };
}

/** The report's fields a topic sets (the same on create and on update). */
export function fieldsOf(topic: ReadTopic, lookups: Lookups) {
  const labels = topic.labels.map((l) => l.trim().toLowerCase());
  const category = labels.map((l) => lookups.trades.get(l)).find((k) => k !== undefined) ?? lookups.defaultTrade;
  const locationId = labels.map((l) => lookups.places.get(l)).find((k) => k !== undefined) ?? null;
  const email = topic.assignedTo?.trim().toLowerCase();
  const member = email ? lookups.people.members.get(email) : undefined;
  const contact = email && !member ? lookups.people.contacts.get(email) : undefined;
  // The title is SiteSnag's reference: a BIM tool's own title is kept as the description's first line.
  const heading = isValidReference(topic.title) ? "" : topic.title.trim().slice(0, 500);
  const description = [heading, topic.description.trim()].filter((t) => t !== "").join("\n\n");
  return {
    description: description.slice(0, MAX_DESCRIPTION),
    status: readStatus(topic.status),
    priority: readPriority(topic.priority),
    category,
    assigned_to: member ?? null,
    assigned_contact_id: contact ?? null,
    due_date: topic.dueDate,
    location_id: locationId,
  };
}

export const CHANGED_FIELDS = [
  "description",
  "status",
  "priority",
  "category",
  "assigned_to",
  "assigned_contact_id",
  "due_date",
  "location_id",
] as const;
