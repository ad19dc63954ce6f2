// A real OpenID Connect provider (the `oidc-provider` package) on loopback, for single sign-on tests: discovery,
// authorization with its built-in login and consent pages, the token endpoint, signed ID tokens and userinfo. Each
// person is a login name the test chooses, with the address and verification flag the test gives them. The ID token
// carries only `sub` (the package's conforming default), so the dashboard reads the address from userinfo, as it
// must with providers that do the same.
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export interface OidcPerson {
  email: string;
  emailVerified?: boolean;
  name?: string;
}

export interface OidcTestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds or replaces a person who can sign in with this login name (any password). */
  addPerson(login: string, person: OidcPerson): void;
  /** Registers another redirect URI for the client (the dashboard's callback is known once its connection exists). */
  allowRedirect(uri: string): void;
  close(): Promise<void>;
}

export async function startOidcTestProvider({ clientId = "outreach-dashboard", clientSecret = "a-test-client-secret-of-enough-length" } = {}): Promise<OidcTestProvider> {
  const people = new Map<string, OidcPerson>();
  const redirectUris: string[] = ["http://127.0.0.1/unused-callback"];
  let handle: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const server = http.createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: redirectUris, grant_types: ["authorization_code"], response_types: ["code"] }],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    async findAccount(_ctx, id) {
      const person = people.get(id);
      if (!person) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, email: person.email, email_verified: person.emailVerified ?? true, name: person.name ?? id }) };
    },
    // The built-in login and consent pages (a test provider's; they print a warning that says so).
    features: { devInteractions: { enabled: true } },
  });
  // The dashboard's callback address names its connection id, known only once the connection is saved: the client's
  // allowed redirect URIs are the list above as it is at each request.
  provider.Client.prototype.redirectUriAllowed = (value: string) => redirectUris.includes(value);
  const callback = provider.callback();
  handle = (req, res) => callback(req, res);
  return {
    issuer,
    clientId,
    clientSecret,
    addPerson: (login, person) => people.set(login, person),
    allowRedirect: (uri) => {
      if (!redirectUris.includes(uri)) redirectUris.push(uri);
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
