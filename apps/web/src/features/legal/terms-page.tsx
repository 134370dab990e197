import { LegalLayout } from "./legal-layout";
import { TERMS_SECTIONS } from "./terms-content";

export function TermsPage() {
  return <LegalLayout title="Terms of Service" sections={TERMS_SECTIONS} />;
}
