// The `outreach` command line (`npm run outreach -- <command>`). Commands call the same lib functions as the
// routes and the agent tools.
import { parseArgs } from "node:util";
import { ensureDatabase } from "@/lib/boot/ensure-database";
import { closeDb } from "@/lib/db/client";
import { ZEmail, ZPassword, ZUsername } from "@/lib/users/schemas";
import { createUserWithOrganization } from "@/lib/users/create-user-with-organization";
import { AppError } from "@/lib/http/errors";
import { CliUsageError, DRAFTS_USAGE, draftsCreate, draftsRegenerate } from "@/lib/cli/drafts-commands";
import { TOOL_USAGE, blocklistCheck, contactsCheck, runContext } from "@/lib/cli/tool-commands";
import { REPLIES_USAGE, repliesRecord } from "@/lib/cli/replies-commands";
import { RESEARCH_USAGE, federatedScout, forumScout, forumSnapshot, newsSearch, stagingList } from "@/lib/cli/research-commands";
import { INSIGHTS_USAGE, insightsDaily } from "@/lib/cli/insights-commands";
import { POST_USAGE, federatedPost } from "@/lib/cli/post-commands";
import { OPERATOR_USAGE, operatorsGrant, operatorsList, operatorsRevoke } from "@/lib/cli/operator-commands";
import { BACKUP_USAGE, backupCommand, restoreCommand } from "@/lib/cli/backup-commands";

// Commands that print one JSON document on success.
const JSON_COMMANDS: Record<string, (args: string[]) => Promise<unknown>> = {
  "drafts:create": draftsCreate,
  "drafts:regenerate": draftsRegenerate,
  "blocklist:check": blocklistCheck,
  "contacts:check": contactsCheck,
  "run:context": runContext,
  "replies:record": repliesRecord,
  "forum:scout": forumScout,
  "forum:snapshot": forumSnapshot,
  "news:search": newsSearch,
  "federated:scout": federatedScout,
  "staging:list": stagingList,
  "federated:post": federatedPost,
  "insights:daily": insightsDaily,
  "operators:grant": operatorsGrant,
  "operators:revoke": operatorsRevoke,
  "operators:list": operatorsList,
};

const USAGE = `usage: outreach <command> [options]

commands:
  users:create --org <name> --username <name> [--email <address>]
                                                 create a user as owner of an organization
                                                 (the first user adopts the default organization)
      password: from OUTREACH_PASSWORD, or --password <value>
${OPERATOR_USAGE}${BACKUP_USAGE}${DRAFTS_USAGE}${TOOL_USAGE}${REPLIES_USAGE}${RESEARCH_USAGE}${POST_USAGE}${INSIGHTS_USAGE}`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === "help" || command === "--help") {
    process.stdout.write(USAGE);
    return command ? 0 : 1;
  }
  if (command === "users:create") {
    const { values } = parseArgs({ args: rest, options: { org: { type: "string" }, username: { type: "string" }, email: { type: "string" }, password: { type: "string" } } });
    const username = ZUsername.safeParse(values.username);
    const email = values.email === undefined ? null : ZEmail.safeParse(values.email);
    const password = ZPassword.safeParse(values.password ?? process.env.OUTREACH_PASSWORD);
    if (!values.org || !username.success || !password.success || (email && !email.success)) {
      process.stderr.write(`users:create needs --org, a valid --username, a valid --email if given, and a password of 10+ characters\n\n${USAGE}`);
      return 2;
    }
    await ensureDatabase();
    const created = await createUserWithOrganization({ organizationName: values.org, username: username.data, email: email?.data, password: password.data, commandLine: true });
    process.stdout.write(JSON.stringify(created) + "\n");
    return 0;
  }
  // Neither may bring the database up first: restore must find the data folder empty, and backup starts (or shares)
  // the embedded server itself.
  const backupOrRestore = command === "backup" ? backupCommand : command === "restore" ? restoreCommand : null;
  if (backupOrRestore) {
    try {
      process.stdout.write(JSON.stringify(await backupOrRestore(rest), null, 2) + "\n");
      return 0;
    } catch (err) {
      process.stderr.write(`${command} failed: ${err instanceof Error ? err.message : String(err)}\n`);
      return err instanceof CliUsageError ? 2 : 1;
    }
  }
  const jsonCommand = JSON_COMMANDS[command];
  if (jsonCommand) {
    try {
      await ensureDatabase();
      process.stdout.write(JSON.stringify(await jsonCommand(rest), null, 2) + "\n");
      return 0;
    } catch (err) {
      if (err instanceof CliUsageError) {
        process.stderr.write(`${err.message}\n\n${USAGE}`);
        return 2;
      }
      if (err instanceof AppError) {
        process.stderr.write(`${err.code}: ${err.message}\n`);
        return 1;
      }
      throw err;
    }
  }
  process.stderr.write(`unknown command: ${command}\n\n${USAGE}`);
  return 2;
}

try {
  process.loadEnvFile();
} catch {}

main(process.argv.slice(2))
  .then(async (code) => {
    await closeDb();
    process.exit(code);
  })
  .catch((err) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
