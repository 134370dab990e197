// A real OpenID provider (oidc-provider) on 127.0.0.1 for the single sign-on tests, with one client
// registered for SiteSnag's redirect URI. Its account id is the email typed at its login form, so
// a test signs in as anyone by driving the provider's own login and consent pages over HTTP.
import { createSign, generateKeyPairSync } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export type TestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** IT disables the person: the provider no longer signs them in. */
  disable: (login: string) => void;
  /** Set: every ID token the token endpoint answers is replaced by this function's result. */
  tamperIdTokens: (tamper: ((idToken: string) => string) | undefined) => void;
  /** Drives the provider's pages from the authorization URL to the redirect; answers its query string. */
  signIn: (authorizationUrl: string, login: string) => Promise<string>;
  close: () => Promise<void>;
};

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString()) as object;

/** The same claims, unsigned (`alg: none`). */
export const unsignedCopy = (jwt: string): string => `${part({ alg: "none", typ: "JWT" })}.${part(claimsOf(jwt))}.`;

/** The same claims signed by a key the provider never published. */
export function foreignSignedCopy(jwt: string): string {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const header = (JSON.parse(Buffer.from(jwt.split(".")[0] ?? "", "base64url").toString()) as { kid?: string }).kid;
  const input = `${part({ alg: "RS256", typ: "JWT", kid: `${header ?? "key"}-unknown` })}.${part(claimsOf(jwt))}`;
  return `${input}.${createSign("RSA-SHA256").update(input).sign(privateKey).toString("base64url")}`;
}

export async function startTestProvider(redirectUri: string): Promise<TestProvider> {
  const clientId = "sitesnag-test";
  const clientSecret = "a-client-secret-for-the-test-provider";
  const disabled = new Set<string>();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // The issuer must be known before the provider is made: a free port first.
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["given_name", "family_name"] },
    // The account id is the login typed; its email is the same.
    // A person IT disabled has no account here any more.
    findAccount: async (_ctx, sub) =>
      disabled.has(sub)
        ? undefined
        : {
            accountId: sub,
            claims: async () => ({ sub, email: sub, email_verified: true, given_name: "Jit", family_name: "Member" }),
          },
    pkce: { required: () => true },
    cookies: { keys: ["test-provider-cookie-key-0123456789"] },
  });
  const handle = provider.callback();
  const state: { tamper: ((idToken: string) => string) | undefined } = { tamper: undefined };
  server.on("request", (req, res) => {
    // A hostile provider: the ID token its token endpoint answers is replaced (test.tamper).
    const tamper = state.tamper;
    if (tamper && req.method === "POST" && req.url?.startsWith("/token")) {
      const end = res.end.bind(res) as (chunk?: unknown) => typeof res;
      res.end = ((chunk?: unknown) => {
        const body = JSON.parse(String(chunk)) as { id_token?: string };
        if (body.id_token) body.id_token = tamper(body.id_token);
        const text = JSON.stringify(body);
        res.setHeader("content-length", Buffer.byteLength(text));
        return end(text);
      }) as typeof res.end;
    }
    handle(req, res);
  });

  async function signIn(authorizationUrl: string, login: string): Promise<string> {
    const jar = new Map<string, string>();
    const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const keep = (res: Response) => {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const at = pair?.indexOf("=") ?? -1;
        if (pair && at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
    };
    let url = authorizationUrl;
    let body: URLSearchParams | undefined;
    for (let hop = 0; hop < 20; hop += 1) {
      const res = await fetch(url, {
        method: body ? "POST" : "GET",
        redirect: "manual",
        headers: {
          cookie: cookieHeader(),
          ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        },
        body,
      });
      keep(res);
      body = undefined;
      const location = res.headers.get("location");
      if (location) {
        const next = new URL(location, url);
        if (next.href.startsWith(redirectUri)) return next.search;
        url = next.href;
        continue;
      }
      const html = await res.text();
      if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${html.slice(0, 300)}`);
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
      if (!action || !prompt) throw new Error(`no form on the provider's page: ${html.slice(0, 300)}`);
      url = new URL(action, url).href;
      body = new URLSearchParams(prompt === "login" ? { prompt, login, password: "any" } : { prompt });
    }
    throw new Error("the provider never sent the browser back");
  }

  return {
    issuer,
    clientId,
    clientSecret,
    signIn,
    disable: (login) => {
      disabled.add(login);
    },
    tamperIdTokens: (tamper) => {
      state.tamper = tamper;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
