import { getDb } from "~/server/db.server";

/**
 * The statements `run` prepares, each with SQLite's query plan (its parameters filled with a
 * date, which every range these tests look at accepts).
 */
export function plansOf(run: () => void): { sql: string; plan: string }[] {
  const sqlite = getDb().$client;
  const prepare = sqlite.prepare.bind(sqlite);
  const seen: string[] = [];
  sqlite.prepare = ((source: string) => (seen.push(source), prepare(source))) as typeof sqlite.prepare;
  try {
    run();
  } finally {
    sqlite.prepare = prepare;
  }
  return seen.map((sql) => {
    const params = new Array((sql.match(/\?/g) ?? []).length).fill("2026-01-01");
    const plan = (prepare(`explain query plan ${sql}`).all(...params) as { detail: string }[])
      .map((r) => r.detail)
      .join("\n");
    return { sql, plan };
  });
}
