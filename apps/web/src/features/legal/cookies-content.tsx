import { AppLink } from "../../components/app-link";
import { COMPANY } from "../../config/company";
import type { LegalSection } from "./legal-layout";

// Eleven sections (SPEC §2). Keys and lifetimes mirror the stores and the service worker config
// (auth-storage, ui-storage, site_audits; API cache 5 minutes, image cache 30 days — SPEC §9).
export const COOKIES_SECTIONS: readonly LegalSection[] = [
  {
    id: "what-are-cookies",
    title: "What Are Cookies",
    body: (
      <>
        <p>
          Cookies are small text files that a website stores in your browser. Browsers also offer similar technologies:
          local storage, IndexedDB databases and service worker caches. This policy covers all of them, because{" "}
          {COMPANY.productName} relies mainly on these rather than on cookies.
        </p>
        <p>
          Under the Privacy and Electronic Communications Regulations (PECR), storage that is strictly necessary to
          provide a service you asked for does not need your consent. Everything {COMPANY.productName} stores falls into
          that category, which is why we do not show a cookie banner.
        </p>
      </>
    ),
  },
  {
    id: "how-we-use-cookies",
    title: "How We Use Cookies and Similar Technologies",
    body: (
      <>
        <p>We use browser storage for three things only:</p>
        <ul>
          <li>keeping you signed in;</li>
          <li>remembering a small interface preference;</li>
          <li>letting the app open and work without a connection.</li>
        </ul>
        <p>Nothing we store is used for advertising, analytics or tracking you across other websites.</p>
      </>
    ),
  },
  {
    id: "strictly-necessary-storage",
    title: "Strictly Necessary Storage",
    body: (
      <p>
        All of the items described below are strictly necessary. Without them, the app cannot sign you in, keep your
        session secure or save your work while you are offline. If you block them, {COMPANY.productName} will not work
        properly.
      </p>
    ),
  },
  {
    id: "authentication-tokens",
    title: "Authentication Tokens",
    body: (
      <>
        <p>
          When you sign in, your browser keeps your session in local storage under the key <code>auth-storage</code>. It
          holds an access token, a refresh token and the basic profile details the app displays (your name, email
          address and role).
        </p>
        <ul>
          <li>The access token lasts 1 day.</li>
          <li>The refresh token lasts 7 days and is used to get a new access token without signing in again.</li>
        </ul>
        <p>Signing out removes both tokens from your browser.</p>
      </>
    ),
  },
  {
    id: "preferences",
    title: "Preferences",
    body: (
      <p>
        The key <code>ui-storage</code> in local storage remembers whether the navigation sidebar is open. It contains
        no personal data and stays until you clear your browser data.
      </p>
    ),
  },
  {
    id: "offline-storage",
    title: "Offline Storage",
    body: (
      <ul>
        <li>
          <strong>IndexedDB</strong> holds reports and changes made offline until they sync, and the details, photos and
          signatures of your site audits.
        </li>
        <li>
          <strong>
            <code>site_audits</code>
          </strong>{" "}
          in local storage holds the list of your site audits. Site audits are kept only in your browser and are never
          sent to our servers.
        </li>
        <li>
          <strong>Service worker caches</strong> keep the app's files so it can open without a connection. API responses
          are cached for 5 minutes, and images for up to 30 days or until the storage set aside for them is full.
        </li>
      </ul>
    ),
  },
  {
    id: "analytics",
    title: "Analytics",
    body: (
      <p>
        We use none. {COMPANY.productName} does not use analytics cookies, tracking pixels or device fingerprinting. If
        we ever introduce analytics, we will ask for your consent first and update this policy.
      </p>
    ),
  },
  {
    id: "third-party-cookies",
    title: "Third-Party Cookies",
    body: (
      <p>
        None. We do not embed advertising, social media widgets or third-party trackers, so no other company sets
        cookies through {COMPANY.productName}. If you follow a link to another website, such as a map link on a report,
        that website's own cookie policy applies.
      </p>
    ),
  },
  {
    id: "managing-cookies-and-storage",
    title: "Managing Cookies and Storage",
    body: (
      <>
        <p>
          You can view and clear site data in your browser's settings, usually under Privacy or Site settings. Removing
          an installed app may also clear its storage, depending on your device.
        </p>
        <p>
          <strong>Before you clear it:</strong> clearing site data signs you out, discards reports that have not synced
          yet and permanently deletes your site audits, because they exist only in your browser. Reconnect to sync your
          reports and export any audits you want to keep first.
        </p>
      </>
    ),
  },
  {
    id: "changes-to-this-policy",
    title: "Changes to This Policy",
    body: (
      <p>
        We will update this policy if we change what we store in your browser. If we ever want to use storage that is
        not strictly necessary, we will ask for your consent before doing so.
      </p>
    ),
  },
  {
    id: "contact-us",
    title: "Contact Us",
    body: (
      <p>
        Questions about this policy can be sent to <a href={`mailto:${COMPANY.privacyEmail}`}>{COMPANY.privacyEmail}</a>
        . Our <AppLink to="/privacy">Privacy Policy</AppLink> explains how we handle personal data, including your
        rights under UK GDPR.
      </p>
    ),
  },
];
