import { COOKIES_SECTIONS } from "./cookies-content";
import { LegalLayout } from "./legal-layout";

export function CookiesPage() {
  return <LegalLayout title="Cookie Policy" sections={COOKIES_SECTIONS} />;
}
