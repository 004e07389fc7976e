import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { getDb } from "~/server/db.server";

// What only a mail queue keeps: how often it tried, when it tries next, why it failed, who
// holds it, what the provider called it; or a column named for a mail's state.
const MAIL_STATE =
  /(^|_)(attempts|next_attempt_at|last_error|leased_until|lease_until|provider_id)$|^(notify|autoreply|mail)_/;

describe("one outbox (decision 0037)", () => {
  it("keeps every mail's state in the outbox and in no other table", () => {
    const db = getDb().$client;
    const tables = db
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%'",
      )
      .pluck()
      .all() as string[];
    const elsewhere = tables
      .filter((table) => table !== "outbox")
      .flatMap((table) =>
        (db.prepare(`select name from pragma_table_info('${table}')`).pluck().all() as string[])
          .filter((c) => MAIL_STATE.test(c))
          .map((c) => `${table}.${c}`),
      );
    expect(elsewhere).toEqual([]);
    const outbox = db.prepare("select name from pragma_table_info('outbox')").pluck().all() as string[];
    expect(outbox.filter((c) => MAIL_STATE.test(c)).sort()).toEqual([
      "attempts",
      "last_error",
      "leased_until",
      "next_attempt_at",
      "provider_id",
    ]);
  });

  it.each([
    ["by name", 'import { outbox } from "~/db/schema";\nexport const x = outbox;\n'],
    ["renamed", 'import { outbox as mails } from "../db/schema";\nexport const x = mails;\n'],
    ["through the whole schema", 'import * as schema from "~/db/schema";\nexport const x = schema.outbox;\n'],
    [
      "through drizzle's query API",
      'import { getDb } from "~/server/db.server";\nexport const x = () => getDb().query.outbox.findMany();\n',
    ],
    [
      "in SQL",
      'import { getDb } from "~/server/db.server";\nexport const x = () => getDb().$client.prepare("update outbox set state = \'sent\'").run();\n',
    ],
  ])(
    "lint refuses the outbox table outside its model: %s",
    async (_, code) => {
      const [result] = await new ESLint().lintText(code, { filePath: "app/models/probe.server.ts" });
      expect(
        result.messages
          .filter((m) => m.ruleId === "no-restricted-syntax")
          .map((m) => m.message)
          .join(" "),
      ).toMatch(/outbox/);
    },
    30_000,
  );
});
