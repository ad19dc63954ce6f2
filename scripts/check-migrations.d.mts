// Types of check-migrations.mjs (plain JavaScript, run by node in CI).
export function checkMigration(name: string, sql: string, earlier: string[]): string[];
export function checkMigrationsDir(dir: string): string[];
