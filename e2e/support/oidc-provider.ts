// A real OpenID provider (oidc-provider) on 127.0.0.1 for the single sign-on spec, with one client
// registered for the worker server's redirect URI. Its own development login page signs in
// whoever is typed (the account id is the email), then asks for consent.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export type OidcProvider = { issuer: string; clientId: string; clientSecret: string; close: () => Promise<void> };

export async function startOidcProvider(redirectUri: string): Promise<OidcProvider> {
  const clientId = "sitesnag-e2e";
  const clientSecret = "an-e2e-client-secret";
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
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
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({ sub, email: sub, email_verified: true, given_name: "Sonia", family_name: "Sso" }),
    }),
    pkce: { required: () => true },
    cookies: { keys: ["e2e-provider-cookie-key-0123456789"] },
  });
  server.on("request", provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
