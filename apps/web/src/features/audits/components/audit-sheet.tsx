// The audit screen's body, in a chunk of its own that loads beside the audit store (audit-page.tsx):
// the site details form and the checklist by section. Nothing of an audit can show before the store
// has read it, so neither is needed for the screen's first paint (the loading state).
export { AuditChecklist } from "./audit-checklist";
export { AuditFormDataFields } from "./audit-form-data";
