// The single sign-on spec's identity provider is the API tests' own: a real OpenID provider
// (oidc-provider) on 127.0.0.1 whose development login page signs in whoever is typed.
export {
  startTestProvider as startOidcProvider,
  type TestProvider as OidcProvider,
} from "../../apps/server/test/oidc-test-provider";
