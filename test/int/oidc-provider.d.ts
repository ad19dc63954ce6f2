// The `oidc-provider` package ships no type declarations. The tests use it as a real OpenID provider: its
// constructor with a few options, its request handler, and its Client class's redirect check; typed here as used.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  interface Configuration {
    clients: Array<Record<string, unknown>>;
    claims?: Record<string, string[]>;
    findAccount?(ctx: unknown, id: string): Promise<Account | undefined>;
    features?: Record<string, unknown>;
    [option: string]: unknown;
  }

  class Provider {
    constructor(issuer: string, configuration: Configuration);
    Client: { prototype: { redirectUriAllowed(value: string): boolean } };
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
  export default Provider;
}
