// The legal entity behind SiteSnag: the one place pages read company facts from (DESIGN §5).
export const COMPANY = {
  productName: "SiteSnag",
  legalName: "SiteSnag Ltd",
  companyNumber: "15284731",
  registeredOffice: "71-75 Shelton Street, Covent Garden, London WC2H 9JQ, United Kingdom",
  registeredLocation: "London, United Kingdom",
  jurisdiction: "England and Wales",
  supportEmail: "support@sitesnag.app",
  privacyEmail: "privacy@sitesnag.app",
  aboutUrl: "https://www.sitesnag.app/about",
  contactUrl: "https://www.sitesnag.app/#contact",
} as const;
