import { SelectField } from "../../../components/field";
import { useT } from "../../../i18n/use-t";
import { useContacts } from "../../contacts/api/contacts-api";
import { AssigneeOptions } from "../../contacts/components/assignee-options";
import { useMembers } from "../api/get-members";

/** The list's assignee filter: everyone, nobody, a member, or a contact under their company. */
export default function AssigneeFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = useT();
  const members = useMembers();
  const contacts = useContacts();
  const people = (members.data ?? []).map((m) => ({
    id: m.id,
    name: `${m.firstName} ${m.lastName}`.trim() || m.email,
  }));
  return (
    <SelectField
      label={t("snagging.field.assignee")}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      className="sm:max-w-xs"
    >
      <option value="">{t("snagging.list.everyone")}</option>
      <option value="unassigned">{t("snagging.unassigned")}</option>
      <AssigneeOptions members={people} contacts={contacts.data ?? []} />
    </SelectField>
  );
}
