import type { Contact } from "@sitesnag/shared/contacts";
import { useT } from "../../../i18n/use-t";

type Person = { id: string; name: string };

/** Contacts grouped under their company, companies in alphabetical order. */
export function groupByCompany(contacts: readonly Contact[]): { company: string; contacts: Contact[] }[] {
  const groups = new Map<string, Contact[]>();
  for (const c of contacts) groups.set(c.company, [...(groups.get(c.company) ?? []), c]);
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b, undefined, { sensitivity: "base" }))
    .map(([company, list]) => ({ company, contacts: list }));
}

/**
 * The `<option>`s of an assignee picker or filter: the team's members, then each company's
 * contacts under its name (an `<optgroup>`), so an external assignee is chosen like a member.
 */
export function AssigneeOptions({ members, contacts }: { members: readonly Person[]; contacts: readonly Contact[] }) {
  const groups = groupByCompany(contacts);
  const t = useT();
  return (
    <>
      {groups.length > 0 ? (
        <optgroup label={t("shell.nav.team")}>
          {members.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </optgroup>
      ) : (
        members.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))
      )}
      {groups.map((g) => (
        <optgroup key={g.company} label={g.company}>
          {g.contacts.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.company})
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
