import { isDeepStrictEqual } from "node:util";
import { count, eq, sql } from "drizzle-orm";
import { byLine, personName, type AccountName } from "~/lib/by-line";
import { z } from "~/lib/zod";
import { getDb, inTransaction, preparedOnce } from "~/server/db.server";
import { settings, users } from "~/db/schema";
import { invalidatePublicPages } from "~/server/page-cache.server";
import { DEFAULT_BUSINESS_FACTS, type BusinessFacts } from "~/lib/business";
import { GoLiveConfirmationsSchema, type GoLiveConfirmations } from "~/lib/go-live";
import { DEFAULT_PROPOSAL_SETTINGS, TERMS_MAX, VALID_DAYS, type ProposalSettings } from "~/lib/proposal";
import { BusinessFactsSchema } from "~/lib/business-schema";
import { ContactSettingsSchema, defaultContactSettings, type ContactSettings } from "~/lib/contact-settings";
import { DEFAULT_PRICING, PricingSchema, type Pricing } from "~/lib/pricing";
import { AddOnSettingsSchema, DEFAULT_ADD_ONS, type AddOnSettings } from "~/lib/proposal-offer";
import {
  BackupSettingsSchema,
  DEFAULT_BACKUP_SETTINGS,
  LastBackupSchema,
  NO_LAST_BACKUP,
  type BackupSettings,
  type LastBackup,
} from "~/lib/backup-plan";
import { BackupHealthSchema, HEALTHY, type BackupHealth } from "~/lib/backup-health";
import {
  NO_OFFSITE,
  NO_OFFSITE_STATUS,
  OffsiteSettingsSchema,
  OffsiteStatusSchema,
  type OffsiteSettings,
  type OffsiteStatus,
} from "~/lib/offsite";
import { DEFAULT_VISIT_LENGTHS, VisitLengthsSchema, type VisitLengths } from "~/lib/visit-form";
import { DEFAULT_REMINDER_SETTINGS, ReminderSettingsSchema, type ReminderSettings } from "~/lib/invoice-reminders";
import { DEFAULT_SITE_MEDIA, SiteMediaSchema, type SiteMedia } from "~/lib/site-media";
import {
  DEFAULT_SITE_WORDS,
  DEFAULT_TRUST_FACTS,
  SiteWordsSchema,
  TrustFactsSchema,
  type SiteWords,
  type TrustFacts,
} from "~/lib/site-words";

const MapsSettingsSchema = z.object({
  apiKey: z.string().nullable(),
  publisherTag: z.string().nullable(),
});
export type MapsSettings = z.infer<typeof MapsSettingsSchema>;

const SecretsSchema = z.object({ sessionSecret: z.string().min(32).nullable() });

/** The Kansas day (YYYY-MM-DD) the daily summary of waiting leads last went out (decision 0021). */
const DigestStateSchema = z.object({ lastSentOn: z.string().nullable() });

/** The owner's defaults for a new proposal: its terms and how many days it stays open. */
const ProposalSettingsSchema = z.object({
  terms: z.string().min(1).max(TERMS_MAX),
  validDays: z.number().int().min(VALID_DAYS.min).max(VALID_DAYS.max),
});

/**
 * Every settings group, its schema, its default, and whether public pages show it (a save
 * then empties the page cache). A stored value that no longer matches its schema (an older
 * shape, a hand edit) falls back to the default rather than breaking every public page.
 */
const GROUPS = {
  business: { schema: BusinessFactsSchema, fallback: (): BusinessFacts => DEFAULT_BUSINESS_FACTS, onPublicPages: true },
  contact: {
    schema: ContactSettingsSchema,
    fallback: (): ContactSettings =>
      defaultContactSettings(DEFAULT_BUSINESS_FACTS.company, DEFAULT_BUSINESS_FACTS.email),
    onPublicPages: true,
  },
  maps: {
    schema: MapsSettingsSchema,
    fallback: (): MapsSettings => ({ apiKey: null, publisherTag: null }),
    onPublicPages: true,
  },
  secrets: {
    schema: SecretsSchema,
    fallback: (): z.infer<typeof SecretsSchema> => ({ sessionSecret: null }),
    onPublicPages: false,
  },
  digest: {
    schema: DigestStateSchema,
    fallback: (): z.infer<typeof DigestStateSchema> => ({ lastSentOn: null }),
    onPublicPages: false,
  },
  // The owner's prices and coverage (decision 0024): only estimates read them, no public page.
  pricing: { schema: PricingSchema, fallback: (): Pricing => structuredClone(DEFAULT_PRICING), onPublicPages: false },
  // The owner's pictures and video, his words for the pages, and the facts homeowners look for.
  media: {
    schema: SiteMediaSchema,
    fallback: (): SiteMedia => structuredClone(DEFAULT_SITE_MEDIA),
    onPublicPages: true,
  },
  words: {
    schema: SiteWordsSchema,
    fallback: (): SiteWords => structuredClone(DEFAULT_SITE_WORDS),
    onPublicPages: true,
  },
  trust: {
    schema: TrustFactsSchema,
    fallback: (): TrustFacts => structuredClone(DEFAULT_TRUST_FACTS),
    onPublicPages: true,
  },
  // The hour of the nightly backup.
  backups: {
    schema: BackupSettingsSchema,
    fallback: (): BackupSettings => DEFAULT_BACKUP_SETTINGS,
    onPublicPages: false,
  },
  // The newest backup kept, as the app last found it (decision 0064): what the admin's warning reads.
  lastBackup: { schema: LastBackupSchema, fallback: (): LastBackup => NO_LAST_BACKUP, onPublicPages: false },
  // The last backup that failed, and when the owner was last warned and sent his monthly mail.
  backupHealth: { schema: BackupHealthSchema, fallback: (): BackupHealth => HEALTHY, onPublicPages: false },
  // Where every backup is also sent, encrypted (decision 0090), and how the last sending went.
  offsite: { schema: OffsiteSettingsSchema, fallback: (): OffsiteSettings => NO_OFFSITE, onPublicPages: false },
  offsiteStatus: {
    schema: OffsiteStatusSchema,
    fallback: (): OffsiteStatus => NO_OFFSITE_STATUS,
    onPublicPages: false,
  },
  // How long each kind of visit usually takes: a new booking's length until staff choose another.
  visitLengths: {
    schema: VisitLengthsSchema,
    fallback: (): VisitLengths => ({ ...DEFAULT_VISIT_LENGTHS }),
    onPublicPages: false,
  },
  // The go-live items the owner marked "This is right" as they stand (decision 0077).
  goLive: {
    schema: GoLiveConfirmationsSchema,
    fallback: (): GoLiveConfirmations => ({ confirmed: [] }),
    onPublicPages: false,
  },
  proposal: {
    schema: ProposalSettingsSchema,
    fallback: (): ProposalSettings => DEFAULT_PROPOSAL_SETTINGS,
    onPublicPages: false,
  },
  // The add-ons staff may offer on a proposal, with their prices (decision 0108; the Pricing page).
  proposalAddOns: {
    schema: AddOnSettingsSchema,
    fallback: (): AddOnSettings => structuredClone(DEFAULT_ADD_ONS),
    onPublicPages: false,
  },
  // Overdue invoice reminders: on or off, and the days after the due day (decision 0104; the Pricing page).
  invoiceReminders: {
    schema: ReminderSettingsSchema,
    fallback: (): ReminderSettings => structuredClone(DEFAULT_REMINDER_SETTINGS),
    onPublicPages: false,
  },
} as const;
type Groups = typeof GROUPS;
export type SettingsKey = keyof Groups;
type SettingsValue<K extends SettingsKey> = ReturnType<Groups[K]["fallback"]>;

const settingRow = preparedOnce((db) =>
  db
    .select()
    .from(settings)
    .where(eq(settings.key, sql.placeholder("key")))
    .prepare(),
);

export function getSetting<K extends SettingsKey>(key: K): SettingsValue<K> {
  const row = settingRow().get({ key });
  const group = GROUPS[key];
  if (!row) return group.fallback() as SettingsValue<K>;
  const parsed = group.schema.safeParse(row.value);
  return (parsed.success ? parsed.data : group.fallback()) as SettingsValue<K>;
}

/**
 * Stores a group. `by`: the account that saved it (a price change names who made
 * it); a write of the app's own (the seed, the digest's state) names nobody.
 */
export function setSetting<K extends SettingsKey>(key: K, value: SettingsValue<K>, by?: number) {
  const checked = GROUPS[key].schema.parse(value);
  const updatedBy = by ?? null;
  getDb()
    .insert(settings)
    .values({ key, value: checked, updatedBy })
    .onConflictDoUpdate({ target: settings.key, set: { value: checked, updatedBy, updatedAt: new Date() } })
    .run();
  // Business details, contact settings and the verification tag are on every public page.
  if (GROUPS[key].onPublicPages) invalidatePublicPages();
}

/**
 * Reads a group, lets `change` decide, and writes what it returns, with no other write in
 * between (one transaction). Null from `change` leaves the group as it is. Whether it wrote.
 */
export function changeSetting<K extends SettingsKey>(
  key: K,
  change: (current: SettingsValue<K>) => SettingsValue<K> | null,
  by?: number,
): boolean {
  return inTransaction(() => {
    const next = change(getSetting(key));
    if (next === null) return false;
    setSetting(key, next, by);
    return true;
  });
}

/**
 * Stores each given group whose value differs from the stored one, all in one transaction:
 * a page that shows several groups saves them together, and one left as it was keeps its
 * "last changed by". The groups it wrote.
 */
export function saveChangedSettings(values: { [K in SettingsKey]?: SettingsValue<K> }, by: number): SettingsKey[] {
  return inTransaction(() =>
    (Object.keys(values) as SettingsKey[]).filter((key) =>
      changeSetting(key, (current) => (isDeepStrictEqual(current, values[key]) ? null : (values[key] ?? null)), by),
    ),
  );
}

/** Who last saved a group, and when: null before its first save; `by` names nobody for the app's own writes. */
export function getSettingChange(key: SettingsKey): { by: AccountName | null; at: Date } | null {
  return (
    getDb()
      .select({ by: { name: users.name, email: users.email }, at: settings.updatedAt })
      .from(settings)
      .leftJoin(users, eq(settings.updatedBy, users.id))
      .where(eq(settings.key, key))
      .get() ?? null
  );
}

/** "Last changed by Kim on Nov 27, 2026" for a page's by-line; null for the defaults or a save from before accounts. */
export function lastChangedLine(key: SettingsKey): string | null {
  const change = getSettingChange(key);
  return change && byLine("Last changed", personName(change.by), change.at);
}

export function countSettings(): number {
  return getDb().select({ n: count() }).from(settings).get()?.n ?? 0;
}

export function getBusinessFacts(): BusinessFacts {
  return getSetting("business");
}
