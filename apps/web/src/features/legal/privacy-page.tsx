import { LegalLayout } from "./legal-layout";
import { PRIVACY_SECTIONS } from "./privacy-content";

export function PrivacyPage() {
  return <LegalLayout title="Privacy Policy" sections={PRIVACY_SECTIONS} />;
}
