import { AppLink } from "../../components/app-link";
import { COMPANY } from "../../config/company";
import type { LegalSection } from "./legal-layout";

const privacyMail = <a href={`mailto:${COMPANY.privacyEmail}`}>{COMPANY.privacyEmail}</a>;

// The twelve sections SPEC §2 lists for /privacy, in that order; the policy terms come from SPEC §9.
export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    id: "introduction",
    title: "Introduction",
    body: (
      <>
        <p>
          This policy explains how {COMPANY.legalName} ("we", "us") collects, uses and protects personal data when you
          use {COMPANY.productName}, our web app for construction snagging reports and site safety audits.
        </p>
        <p>
          {COMPANY.legalName} is the data controller for the personal data described here. We are a company registered
          in {COMPANY.jurisdiction} (company number {COMPANY.companyNumber}) with our registered office at{" "}
          {COMPANY.registeredOffice}. We process personal data in line with the UK General Data Protection Regulation
          (UK GDPR) and the Data Protection Act 2018.
        </p>
      </>
    ),
  },
  {
    id: "information-we-collect",
    title: "Information We Collect",
    body: (
      <>
        <ul>
          <li>
            <strong>Account details:</strong> your first and last name, email address, role and membership type (free or
            yearly). Your password is stored only as a one-way hash; we never see it in plain text.
          </li>
          <li>
            <strong>Workspace content:</strong> projects (name, client, location, description, status) and snagging
            reports (title, description, category, priority, status, assignee, due date, location coordinates, photos
            and annotations) that you and your team create.
          </li>
          <li>
            <strong>Collaboration data:</strong> who is a member of your workspace, who a report is assigned to, and the
            notifications we create when reports are assigned or change status.
          </li>
          <li>
            <strong>Technical data:</strong> IP address, browser type and the time of requests, recorded in server logs
            so that we can keep the service secure and fix faults.
          </li>
        </ul>
        <p>
          <strong>Photo metadata:</strong> when you upload a photo we strip its EXIF metadata, including any GPS
          position, camera model and timestamp embedded by your device. A location is only stored with a report when you
          add one yourself.
        </p>
        <p>
          <strong>People in site photos:</strong> photos of a site may show workers, visitors or members of the public.
          You must have a lawful basis under UK GDPR for capturing and uploading identifiable people, and should avoid
          photographing people where it is not needed for the report.
        </p>
        <p>
          <strong>Site audits:</strong> audit checklists, scores, photos and signatures are stored only in your browser
          on your device and are never sent to our servers. We cannot see, access or recover them.
        </p>
      </>
    ),
  },
  {
    id: "how-we-use-your-information",
    title: "How We Use Your Information",
    body: (
      <>
        <p>We use personal data only for the following purposes, each with a lawful basis under UK GDPR:</p>
        <ul>
          <li>
            To create your account, run your workspace, store and sync your reports, and generate PDF and CSV exports
            (performance of our contract with you).
          </li>
          <li>To notify you and your team about assignments and report updates (performance of contract).</li>
          <li>To answer support requests and send essential service emails (performance of contract).</li>
          <li>
            To secure the service, prevent abuse and diagnose faults using server logs (our legitimate interests in
            running a safe and reliable service).
          </li>
          <li>To keep records and respond to lawful requests where the law requires it (legal obligation).</li>
        </ul>
        <p>
          We do not sell your data, show advertising, or use your data for profiling or automated decisions that have
          legal or similarly significant effects on you.
        </p>
      </>
    ),
  },
  {
    id: "data-storage-and-security",
    title: "Data Storage and Security",
    body: (
      <>
        <p>
          Data is encrypted in transit using HTTPS. Passwords are hashed, sign-in tokens expire (access tokens after 1
          day, refresh tokens after 7 days), and each workspace is isolated so that members never see another
          workspace's data. Access by our staff is limited to what is needed to run and support the service.
        </p>
        <p>
          To let you work without signal, the app keeps copies of some data on your device, including reports waiting to
          sync. Anyone with access to your unlocked device and browser may be able to see that data, so please use a
          screen lock and sign out on shared devices.
        </p>
      </>
    ),
  },
  {
    id: "sharing-your-information",
    title: "Sharing Your Information",
    body: (
      <>
        <p>We share personal data only in these cases:</p>
        <ul>
          <li>
            <strong>Within your workspace:</strong> members you invite can see its projects, reports and assignees.
          </li>
          <li>
            <strong>Service providers:</strong> hosting, storage and email delivery providers that process data on our
            instructions under written contracts that meet UK GDPR Article 28.
          </li>
          <li>
            <strong>Legal reasons:</strong> where required by law, court order or a valid request from a public
            authority, or to protect the rights and safety of our users and others.
          </li>
          <li>
            <strong>Business transfers:</strong> if our business is sold or merged, the buyer would continue to protect
            your data under this policy and we would tell you first.
          </li>
        </ul>
        <p>PDF and CSV reports you export and send to clients or contractors are under your control once shared.</p>
      </>
    ),
  },
  {
    id: "data-retention",
    title: "Data Retention",
    body: (
      <ul>
        <li>We keep your account data and workspace content for as long as your account is open.</li>
        <li>
          After you delete your account, we delete or anonymise your account data within 30 days, unless the law
          requires us to keep a limited record (for example, payment records for tax purposes).
        </li>
        <li>Demo sandbox workspaces, and everything in them, are deleted 24 hours after they are created.</li>
        <li>
          Site audits stay in your browser until you delete them or clear your browser data. Because they never reach
          our servers, we cannot delete or restore them for you.
        </li>
      </ul>
    ),
  },
  {
    id: "your-rights",
    title: "Your Rights",
    body: (
      <>
        <p>Under UK GDPR you have the right to:</p>
        <ul>
          <li>access the personal data we hold about you and receive a copy;</li>
          <li>have inaccurate data corrected and incomplete data completed;</li>
          <li>have your data erased, or its use restricted, in certain circumstances;</li>
          <li>object to processing based on our legitimate interests;</li>
          <li>receive your data in a portable, machine-readable format;</li>
          <li>withdraw consent at any time, where we rely on consent.</li>
        </ul>
        <p>
          To exercise any of these rights, email {privacyMail}. We will respond within one month and may need to verify
          your identity first. There is normally no charge.
        </p>
        <p>
          If you are unhappy with how we handle your data, you can complain to the Information Commissioner's Office
          (ICO) at <a href="https://ico.org.uk/make-a-complaint/">ico.org.uk</a> or on 0303 123 1113. We would
          appreciate the chance to resolve your concern first.
        </p>
      </>
    ),
  },
  {
    id: "cookies",
    title: "Cookies",
    body: (
      <p>
        We do not use advertising or analytics cookies. We use only the browser storage that is strictly necessary to
        keep you signed in, remember your preferences and let the app work offline. Our{" "}
        <AppLink to="/cookies">Cookie Policy</AppLink> lists each item, what it does and how long it lasts.
      </p>
    ),
  },
  {
    id: "international-transfers",
    title: "International Transfers",
    body: (
      <p>
        We aim to store and process personal data in the United Kingdom. Where a service provider processes data outside
        the UK, we make sure it is protected by UK adequacy regulations or by appropriate safeguards such as the ICO's
        International Data Transfer Agreement or the UK Addendum to the EU Standard Contractual Clauses. You can ask us
        for details of these safeguards at {privacyMail}.
      </p>
    ),
  },
  {
    id: "childrens-privacy",
    title: "Children's Privacy",
    body: (
      <p>
        {COMPANY.productName} is a professional tool for people aged 18 or over, and you must be at least 18 to create
        an account. We do not knowingly collect personal data from children. If we learn that an account belongs to
        someone under 18, we will close it and delete its data. Take particular care not to photograph children who may
        be near a site.
      </p>
    ),
  },
  {
    id: "changes-to-this-policy",
    title: "Changes to This Policy",
    body: (
      <p>
        We may update this policy when our service or the law changes. If a change materially affects how we use your
        personal data, we will tell you by email or in the app before it takes effect.
      </p>
    ),
  },
  {
    id: "contact-us",
    title: "Contact Us",
    body: (
      <>
        <p>For questions about this policy or your personal data, contact us:</p>
        <ul>
          <li>Email: {privacyMail}</li>
          <li>
            Post: {COMPANY.legalName}, {COMPANY.registeredOffice}
          </li>
          <li>Company number: {COMPANY.companyNumber}</li>
        </ul>
        <p>
          For general support, email <a href={`mailto:${COMPANY.supportEmail}`}>{COMPANY.supportEmail}</a>.
        </p>
      </>
    ),
  },
];
