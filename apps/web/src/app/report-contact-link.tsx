// The report detail's offer to send a contact assignee a link to their snags (issue 27), composed
// here so the snagging feature does not import the sharing feature; a lazy chunk fetched only for
// reports assigned to a contact.
import type { Report } from "@sitesnag/shared/snagging";
import { lazy, Suspense } from "react";

const ContactLinkOffer = lazy(() =>
  import("../features/sharing/components/contact-link-offer").then((m) => ({ default: m.ContactLinkOffer })),
);

export function ReportContactLink({ report }: { report: Report }) {
  // assigneeCompany is set only when the assignee is a contact (decision 0029).
  if (!report.assignedTo || !report.assigneeCompany) return null;
  return (
    <Suspense fallback={null}>
      <ContactLinkOffer projectId={report.projectId} assigneeId={report.assignedTo} />
    </Suspense>
  );
}
