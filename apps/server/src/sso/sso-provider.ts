// Talking to a workspace's identity provider through openid-client (v6). Guarantees:
// - Only https:// issuers, except http:// on a loopback address when SSO_ALLOW_LOCAL_HTTP_ISSUER is
//   set (tests and local trials), so an owner cannot point the server at plain-text endpoints.
// - The discovery document must name the very issuer configured (openid-client checks it), and
//   every ID token is checked by openid-client: signature by the provider's published keys (no
//   `alg: none`, no unknown key), issuer, audience, nonce; the authorization response's state and
//   `iss` parameter (RFC 9207); PKCE.
// - A provider's configuration (metadata and keys) is kept ten minutes per issuer and client.
import { isIP } from "node:net";
import * as oidc from "openid-client";
import type { Config } from "../config";

const CACHE_MS = 10 * 60 * 1000;
const TIMEOUT_MS = 10_000;
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);
const PRIVATE_ISSUER = "The issuer URL must be a public address of your identity provider.";

export type ProviderSettings = { issuer: string; clientId: string; clientSecret: string };

const cache = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

/** An address literal of this machine or a private network: the server is not to be sent there. */
function isPrivateAddress(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (isIP(host) === 4) {
    const [a = 0, b = 0] = host.split(".").map(Number);
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (isIP(host) === 6)
    return (
      host === "::1" || host === "::" || /^f[cd]/.test(host) || /^fe[89ab]/.test(host) || host.startsWith("::ffff:")
    );
  return false;
}

/** Why an issuer URL is not accepted, or undefined when it is. */
export function issuerProblem(config: Config, issuer: string): string | undefined {
  const url = URL.canParse(issuer) ? new URL(issuer) : undefined;
  if (!url) return "Enter the issuer URL, such as https://login.example.com";
  if (url.protocol === "https:") return isPrivateAddress(url.hostname) ? PRIVATE_ISSUER : undefined;
  if (url.protocol === "http:" && config.ssoAllowLocalHttpIssuer && LOOPBACK.has(url.hostname)) return undefined;
  return "The issuer URL must start with https://";
}

const isLocalHttp = (issuer: string) => new URL(issuer).protocol === "http:";

/** The provider's configuration for this client (discovered, then cached); throws when it cannot be reached. */
export function providerConfiguration(settings: ProviderSettings): Promise<oidc.Configuration> {
  const key = JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret]);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.config;
  const config = oidc.discovery(
    new URL(settings.issuer),
    settings.clientId,
    undefined,
    oidc.ClientSecretPost(settings.clientSecret),
    {
      timeout: TIMEOUT_MS / 1000,
      // Non-repudiation: the ID token's signature is checked against the provider's published
      // keys even though it came straight from the token endpoint (openid-client otherwise trusts
      // the TLS connection there, and a token signed by any key would pass; sso.test.ts).
      execute: isLocalHttp(settings.issuer)
        ? [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks]
        : [oidc.enableNonRepudiationChecks],
    },
  );
  cache.set(key, { at: Date.now(), config });
  // A failed discovery is not kept: the next attempt asks again.
  config.catch(() => cache.delete(key));
  return config;
}

export type RefusalReason =
  | "wrong-state"
  | "wrong-nonce"
  | "wrong-issuer"
  | "bad-signature"
  | "provider-error"
  | "flow-expired"
  | "no-email"
  | "unverified-domain"
  | "removed-member"
  | "email-in-another-workspace"
  | "sso-off";

/** What a failure of openid-client's checks was, for the log and the sentence. */
export function refusalOf(error: unknown): RefusalReason {
  // openid-client wraps oauth4webapi's errors ("invalid response encountered"): read the chain.
  const chain: string[] = [];
  const codes: unknown[] = [];
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    chain.push(e.message);
    codes.push((e as { code?: unknown }).code);
  }
  const message = chain.join(" | ");
  if (/"state"/.test(message)) return "wrong-state";
  if (/"nonce"/.test(message)) return "wrong-nonce";
  if (/"iss"/.test(message)) return "wrong-issuer";
  if (codes.includes("OAUTH_KEY_SELECTION_FAILED") || /"alg"|signature|JWS|JWT/.test(message)) return "bad-signature";
  return "provider-error";
}
