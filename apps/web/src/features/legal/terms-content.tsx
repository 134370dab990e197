import { AppLink } from "../../components/app-link";
import { COMPANY } from "../../config/company";
import type { LegalSection } from "./legal-layout";

const supportMail = <a href={`mailto:${COMPANY.supportEmail}`}>{COMPANY.supportEmail}</a>;

// Fifteen sections (SPEC §2); the policy terms (age, notice, liability cap) come from SPEC §9.
export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    id: "acceptance-of-terms",
    title: "Acceptance of Terms",
    body: (
      <>
        <p>
          These terms are an agreement between you and {COMPANY.legalName}, a company registered in{" "}
          {COMPANY.jurisdiction} (company number {COMPANY.companyNumber}), whose registered office is at{" "}
          {COMPANY.registeredOffice}. By creating an account or using {COMPANY.productName}, you accept these terms. If
          you do not accept them, do not use the service.
        </p>
        <p>
          If you use {COMPANY.productName} for an organisation, you confirm that you have authority to accept these
          terms on its behalf. Our <AppLink to="/privacy">Privacy Policy</AppLink> explains how we handle personal data.
        </p>
      </>
    ),
  },
  {
    id: "eligibility",
    title: "Eligibility",
    body: (
      <p>
        You must be at least 18 years old and able to enter into a binding contract to use {COMPANY.productName}. The
        service is intended for construction professionals, site staff and project teams using it in the course of their
        work.
      </p>
    ),
  },
  {
    id: "accounts-and-security",
    title: "Accounts and Security",
    body: (
      <ul>
        <li>Give accurate details when you sign up and keep them up to date.</li>
        <li>
          Keep your password confidential and do not share your account. You are responsible for activity under your
          account.
        </li>
        <li>
          Signing up creates a workspace. Members you invite can see the workspace's projects and reports, so invite
          only people who should have that access.
        </li>
        <li>Tell us straight away at {supportMail} if you suspect unauthorised use of your account.</li>
      </ul>
    ),
  },
  {
    id: "free-and-paid-plans",
    title: "Free and Paid Plans",
    body: (
      <ul>
        <li>You can use {COMPANY.productName} on a free plan. No credit card is required for a free account.</li>
        <li>You can upgrade to a paid yearly membership at any time. Fees are those shown when you upgrade.</li>
        <li>
          We will give you at least 30 days' notice of any change to pricing. A new price applies from your next
          renewal, and you can cancel before then if you do not accept it.
        </li>
        <li>Nothing in these terms affects any statutory rights you have that cannot be excluded.</li>
      </ul>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable Use",
    body: (
      <>
        <p>You must not:</p>
        <ul>
          <li>use the service for anything unlawful, or upload content that is unlawful, defamatory or infringing;</li>
          <li>capture or upload images of identifiable people without a lawful basis for doing so;</li>
          <li>try to access another user's account or another workspace's data;</li>
          <li>probe, scan or test the service's security, or disrupt or overload it;</li>
          <li>upload malware, or copy, resell or reverse engineer the service except as the law allows.</li>
        </ul>
      </>
    ),
  },
  {
    id: "your-content",
    title: "Your Content",
    body: (
      <>
        <p>
          You own the reports, photos, annotations, descriptions and other content you put into {COMPANY.productName}.
          You give us a licence to host, store, copy, process and display that content only as needed to provide the
          service to you and your workspace, including syncing it and generating PDF and CSV exports. The licence ends
          when the content is deleted, subject to the retention periods in our Privacy Policy.
        </p>
        <p>
          You are responsible for your content and for having the rights and permissions it needs. We may remove content
          that breaches these terms.
        </p>
      </>
    ),
  },
  {
    id: "our-intellectual-property",
    title: "Our Intellectual Property",
    body: (
      <p>
        The {COMPANY.productName} software, design, name, logo and templates, including the site audit checklist, belong
        to us or our licensors. We grant you a limited, non-exclusive, non-transferable licence to use the service while
        your account is open. If you send us feedback, we may use it without any obligation to you.
      </p>
    ),
  },
  {
    id: "offline-use-and-data-sync",
    title: "Offline Use and Data Sync",
    body: (
      <>
        <p>
          {COMPANY.productName} works without a connection. Reports you create or change offline are saved on your
          device and sync to our servers when you reconnect. Changes that have not synced yet are lost if you clear your
          browser data or remove the app, so reconnect and let them sync first.
        </p>
        <p>
          Site audits are stored only in your browser and are never sent to our servers, so we do not back them up.
          Export an audit to a file if you need a copy that survives a lost or wiped device. We are not responsible for
          data that exists only on your device.
        </p>
      </>
    ),
  },
  {
    id: "demo-accounts",
    title: "Demo Accounts",
    body: (
      <p>
        The demo gives each visitor a separate sandbox workspace with sample data. Sandboxes and everything in them are
        deleted 24 hours after they are created. Do not put real, confidential or personal data into a demo account. We
        may reset, limit or withdraw the demo at any time.
      </p>
    ),
  },
  {
    id: "third-party-services",
    title: "Third-Party Services",
    body: (
      <p>
        The service may link to or rely on services run by others, such as map links for report locations, email
        delivery and your browser's app installation. Those services are governed by their own terms and privacy
        policies, and we are not responsible for them.
      </p>
    ),
  },
  {
    id: "disclaimers",
    title: "Disclaimers",
    body: (
      <>
        <p>
          Snagging reports, audit checklists, compliance scores and risk ratings are a record-keeping aid. They are not
          a substitute for inspection by a competent professional, or for your duties under the Construction (Design and
          Management) Regulations 2015, the Health and Safety at Work etc. Act 1974 or any other law. A compliance score
          reflects only the answers entered in a checklist.
        </p>
        <p>
          To the extent the law allows, the service is provided "as is" and "as available". We work to keep it running
          and accurate but do not promise it will be uninterrupted or error-free.
        </p>
      </>
    ),
  },
  {
    id: "limitation-of-liability",
    title: "Limitation of Liability",
    body: (
      <>
        <p>
          Nothing in these terms limits our liability for death or personal injury caused by our negligence, for fraud,
          or for anything else that cannot be limited by law.
        </p>
        <p>
          Otherwise, we are not liable for indirect or consequential loss, or for loss of profit, revenue, business or
          goodwill. Our total liability arising out of or in connection with the service is capped at the total amount
          you paid us in the 12 months before the event giving rise to the claim.
        </p>
      </>
    ),
  },
  {
    id: "termination",
    title: "Termination",
    body: (
      <p>
        You can stop using {COMPANY.productName} at any time and ask us to close your account by emailing {supportMail}.
        We may suspend or close an account that seriously or repeatedly breaches these terms, or where the law requires
        it, giving notice where reasonable. When an account is closed, access ends and its data is deleted as described
        in our Privacy Policy, so export anything you need first. Terms that by their nature should survive termination
        continue to apply.
      </p>
    ),
  },
  {
    id: "changes-to-these-terms",
    title: "Changes to These Terms",
    body: (
      <p>
        We may update these terms when our service or the law changes. We will tell you about material changes by email
        or in the app before they take effect. If you continue to use the service after a change takes effect, you
        accept the updated terms; if you do not accept them, stop using the service and close your account.
      </p>
    ),
  },
  {
    id: "governing-law-and-contact",
    title: "Governing Law and Contact",
    body: (
      <>
        <p>
          These terms are governed by the law of {COMPANY.jurisdiction}, and the courts of {COMPANY.jurisdiction} have
          exclusive jurisdiction over any dispute arising from them.
        </p>
        <p>
          Questions about these terms: {supportMail}, or write to {COMPANY.legalName}, {COMPANY.registeredOffice}.
        </p>
      </>
    ),
  },
];
