import { parseWithZod } from "@conform-to/zod/v4";
import { Download, HardDriveDownload } from "lucide-react";
import { data, Form, href, Link, useNavigation } from "react-router";
import { IntentButton, primaryButton, secondaryButton, WarningNote, Panel } from "~/components/admin-ui";
import { BackupList, backupLinkClass, RestoreLink } from "~/components/admin/backup-list";
import { OffsitePanel } from "~/components/admin/offsite-panel";
import { BACKUP_INTENTS, BACKUP_MESSAGES, hourLabel } from "~/lib/backup-plan";
import { backupHoldings, RESTORE_SOURCES, restorePagePath } from "~/lib/backup-restore";
import { formatKansasDateTime } from "~/lib/business-time";
import { OFFSITE_INTENTS, OFFSITE_MESSAGES, OffsiteFormSchema } from "~/lib/offsite";
import { isRefusal } from "~/lib/refusal";
import { z } from "~/lib/zod";
import { setSetting } from "~/models/settings.server";
import { requireAccess, requireIntent } from "~/services/access.server";
import { redirectWithFlash } from "~/services/flash.server";
import { backUpInChild } from "~/services/backup-process.server";
import { backupOverview } from "~/services/backups.server";
import { checkOffsite, offsiteView, setUpOffsite, turnOffsiteOff } from "~/services/offsite.server";
import { readForm, refuseUnknownIntent } from "~/server/request-body.server";
import type { Route } from "./+types/backups";

const PAGE = href("/admin/backups");
const { now: BACKUP_NOW, saveHour: SAVE_HOUR } = BACKUP_INTENTS;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "routes/admin/backups");
  const { backups, newest, stale, hour } = backupOverview();
  // Written here, on Wellington's clock, so the page reads the same before and after scripts.
  const rows = backups.map((b) => ({
    name: b.name,
    when: formatKansasDateTime(b.at),
    detail: backupHoldings(b.counts, b.files),
    download: href("/admin/backups/:name.tar.gz", { name: b.name }),
    restore: restorePagePath(RESTORE_SOURCES.here, b.name),
  }));
  return {
    rows,
    newest: newest ? formatKansasDateTime(newest.at) : null,
    stale,
    hour,
    offsite: offsiteView(),
  };
}

// The select sends "0" to "23". Anything else is refused, not coerced: a missing or empty
// field would otherwise become 0, midnight, and "1e1" or "0x10" an hour nobody chose.
const HourSchema = z
  .string({ error: BACKUP_MESSAGES.badHour })
  .regex(/^\d{1,2}$/, BACKUP_MESSAGES.badHour)
  .transform(Number)
  .pipe(z.number().max(23, BACKUP_MESSAGES.badHour));

// Never sent back to the page, even with an error beside them.
const SECRET_FIELDS = ["secretAccessKey", "passphrase", "passphraseAgain"];

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAccess(request, "routes/admin/backups");
  const form = await readForm(request);
  const intent = form.get("intent");
  requireIntent(admin, "routes/admin/backups", intent);
  switch (intent) {
    case BACKUP_NOW: {
      // Made by a process of its own, so the site keeps answering while it copies; the
      // answer comes once it is on the disk, and the child goes on to send it off-site.
      const run = await backUpInChild("written");
      if (!run.made) {
        console.error("A backup from the admin failed:", run.message);
        return redirectWithFlash(PAGE, {
          type: "error",
          message: BACKUP_MESSAGES.failed,
        });
      }
      return redirectWithFlash(PAGE, {
        type: "success",
        message: BACKUP_MESSAGES.made,
      });
    }
    case SAVE_HOUR: {
      const hour = HourSchema.safeParse(form.get("hour"));
      if (!hour.success) return data({ hourError: BACKUP_MESSAGES.badHour }, { status: 400 });
      setSetting("backups", { hour: hour.data }, admin.userId);
      return redirectWithFlash(PAGE, {
        type: "success",
        message: BACKUP_MESSAGES.hourSaved,
      });
    }
    case OFFSITE_INTENTS.save: {
      const submission = parseWithZod(form, { schema: OffsiteFormSchema });
      const refuse = (fieldErrors?: Record<string, string[]>) =>
        data({ offsiteResult: submission.reply({ fieldErrors, hideFields: SECRET_FIELDS }) }, { status: 400 });
      if (submission.status !== "success") return refuse();
      const outcome = await setUpOffsite(submission.value, admin.userId);
      if (isRefusal(outcome))
        return outcome.field
          ? refuse({ [outcome.field]: [outcome.refused] })
          : data(
              { offsiteResult: submission.reply({ formErrors: [outcome.refused], hideFields: SECRET_FIELDS }) },
              { status: 400 },
            );
      return redirectWithFlash(PAGE, { type: "success", message: outcome.done });
    }
    case OFFSITE_INTENTS.check: {
      const check = await checkOffsite();
      return isRefusal(check)
        ? redirectWithFlash(PAGE, { type: "error", message: check.refused })
        : redirectWithFlash(PAGE, { type: "success", message: check.done });
    }
    case OFFSITE_INTENTS.turnOff: {
      turnOffsiteOff(admin.userId);
      return redirectWithFlash(PAGE, { type: "success", message: OFFSITE_MESSAGES.turnedOff });
    }
    default:
      return refuseUnknownIntent();
  }
}

export default function Backups({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, newest, stale, hour, offsite } = loaderData;
  const hourError = actionData && "hourError" in actionData ? actionData.hourError : undefined;
  const offsiteResult = actionData && "offsiteResult" in actionData ? actionData.offsiteResult : undefined;
  const navigation = useNavigation();
  const posting = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const latest = rows[0];
  return (
    <>
      <header>
        <h1 className="text-2xl font-bold">Backups</h1>
        <p className="mt-1 text-ink-soft">
          Everything the site keeps (leads, customers, estimates, projects, settings and every picture) is copied every
          night. The last 7 days and one for each of the last 4 weeks are kept on the server.
        </p>
      </header>

      <Panel id="last" title="Last backup">
        <p className="mt-1" data-testid="last-backup">
          {newest ?? `No backup yet. The first is made tonight at ${hourLabel(hour)}, Kansas time.`}
        </p>
        {stale && (
          <WarningNote className="mt-3">
            {newest
              ? "The last backup is more than two days old. Make one now, and check that the server stays on at night."
              : "There is no backup yet. Make one now."}
          </WarningNote>
        )}
        <div className="mt-4 flex flex-wrap gap-3">
          <IntentButton intent={BACKUP_NOW} busyText="Backing up…" className={primaryButton}>
            <HardDriveDownload aria-hidden className="size-4" /> Back up now
          </IntentButton>
          {latest && (
            <a href={latest.download} download className={secondaryButton} data-testid="download-latest">
              <Download aria-hidden className="size-4" /> Download the latest
            </a>
          )}
        </div>
        {!offsite.on && (
          <p className="mt-3 text-sm text-ink-soft">
            Keep a copy away from this server too: turn on off-site copies below, or download one now and then and put
            it on another computer.
          </p>
        )}
      </Panel>

      <Panel id="hour" title="Nightly backup">
        <Form method="post" className="mt-2 flex flex-wrap items-end gap-3">
          <label className="grid gap-1 text-sm font-medium">
            Every night at (Kansas time)
            <select
              name="hour"
              defaultValue={hour}
              aria-invalid={hourError ? true : undefined}
              aria-describedby={hourError ? "hour-error" : undefined}
              className="rounded-lg border border-line bg-white px-3 py-2"
            >
              {Array.from({ length: 24 }, (_, h) => (
                <option key={h} value={h}>
                  {hourLabel(h)}
                </option>
              ))}
            </select>
          </label>
          <button
            type="submit"
            name="intent"
            value={SAVE_HOUR}
            disabled={posting(SAVE_HOUR)}
            className={secondaryButton}
          >
            {posting(SAVE_HOUR) ? "Saving…" : "Save"}
          </button>
        </Form>
        {hourError && (
          <p id="hour-error" className="mt-2 text-sm text-red-700">
            {hourError}
          </p>
        )}
      </Panel>

      <Panel id="offsite" title="Off-site copies">
        <OffsitePanel view={offsite} lastResult={offsiteResult} />
      </Panel>

      <Panel id="kept" title="Backups kept">
        {rows.length === 0 ? (
          <p className="mt-1 text-ink-soft">None yet.</p>
        ) : (
          <BackupList
            testId="backups-kept"
            items={rows}
            actions={(row) => (
              <>
                <a href={row.download} download className={backupLinkClass}>
                  <Download aria-hidden className="size-4" /> Download
                </a>
                <RestoreLink to={row.restore} when={row.when} />
              </>
            )}
          />
        )}
        <p className="mt-4 text-sm text-ink-soft">
          <Link to={href("/admin/backups/restore")} className="font-semibold text-brand underline">
            Restore a backup
          </Link>{" "}
          from this list, from the off-site copies or from a file you downloaded.
        </p>
      </Panel>
      <Panel id="export" title="Take everything with you">
        <p className="mt-1 text-ink-soft">
          One spreadsheet file (CSV) for each kind of record (leads and their history, roof customers, estimates,
          proposals, projects, reviews, the team and the settings) and every picture, in one .zip file that any computer
          opens. The README, section “Export everything”, explains each column.
        </p>
        <a
          href={href("/admin/export.zip")}
          download
          className={`${secondaryButton} mt-3`}
          data-testid="export-everything"
        >
          <Download aria-hidden className="size-4" /> Export everything
        </a>
      </Panel>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Backups | Admin" }, { name: "robots", content: "noindex" }];
