// GET /api/operator/backups - the embedded database's backup schedule, its last result, the archives in the backups
// folder and the restore commands; PUT - set the schedule (on or off, hour UTC, how many to keep). Operator only (a
// session); 404 to everyone else, whatever they send.
import { withOrg } from "@/lib/http/with-org";
import { ZBackupSchedulePut } from "@/lib/backup/schemas";
import { getBackupsOverview } from "@/lib/backup/get-backups-overview";
import { setBackupSchedule } from "@/lib/backup/backup-schedule";

export const GET = withOrg({ apiKeys: false, operator: true }, async () => Response.json(await getBackupsOverview()));

export const PUT = withOrg({ body: ZBackupSchedulePut, apiKeys: false, operator: true }, async ({ body }) => Response.json(await setBackupSchedule(body)));
