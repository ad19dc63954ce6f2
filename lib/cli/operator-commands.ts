// Operator commands of the `outreach` CLI: the only way to make someone an operator (docs/security.md "Operators").
// Whoever can run this on the server already holds the operator's keys; nothing over HTTP can do it.
import { parseArgs } from "node:util";
import { CliUsageError } from "@/lib/cli/drafts-commands";
import { grantOperator, listOperators, revokeOperator, type OperatorRow } from "@/lib/operators/grant-operator";

export const OPERATOR_USAGE = `  operators:grant --user <username or email>     make an existing user an operator (the Operator area)
  operators:revoke --user <username or email>    stop them being one
  operators:list                                 who is an operator, and since when
`;

const view = (row: OperatorRow) => ({ id: row.id, username: row.username, email: row.email, operatorSince: row.operatorSince?.toISOString() ?? null });

function userArg(command: string, args: string[]): string {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { user: { type: "string" } } });
  if (positionals.length > 0 || !values.user?.trim()) throw new CliUsageError(`${command} needs --user <username or email>`);
  return values.user;
}

export async function operatorsGrant(args: string[]): Promise<unknown> {
  return { operator: view(await grantOperator({ user: userArg("operators:grant", args) })) };
}

export async function operatorsRevoke(args: string[]): Promise<unknown> {
  return { revoked: view(await revokeOperator({ user: userArg("operators:revoke", args) })) };
}

export async function operatorsList(args: string[]): Promise<unknown> {
  if (args.length > 0) throw new CliUsageError("operators:list takes no arguments");
  return { operators: (await listOperators()).map(view) };
}
