import { ArrowLeft, Copy, KeyRound, ShieldCheck } from "lucide-react";
import { useEffect, useState } from "react";
import type { SubmissionResult } from "@conform-to/react";
import { Link, useFetcher } from "react-router";
import { toast } from "react-toastify/unstyled";
import { Field, inputClass, primaryButton, secondaryButton } from "~/components/admin-ui";
import { replyField, replyFormError } from "~/components/form";
import { MAPS_STATUS_LABEL, RELOAD_AFTER_SAVE_MS, RELOAD_AFTER_TEST_MS, type MapsStatus } from "~/lib/maps-loader";
import { useHydrated } from "~/lib/use-hydrated";
import { MAPS_SETTINGS_INTENTS } from "~/lib/maps-settings-form";
import { Tabs } from "./tabs";

/** The action's answer to a maps form: conform's reply, and the words for what was saved (null when refused). */
export type MapsActionResult = { maps: { intent: string; reply: SubmissionResult<string[]>; saved: string | null } };

/** A refusal's words: the form's own error, else the field's. */
const refusal = (m: MapsActionResult["maps"]) =>
  replyFormError(m.reply) ?? Object.values(m.reply.error ?? {}).flat()[0] ?? "";

const BADGE_STYLE: Record<MapsStatus, string> = {
  checking: "bg-amber-100 text-amber-900",
  connected: "bg-green-100 text-green-900",
  "auth-error": "bg-red-100 text-red-900",
  "load-error": "bg-orange-100 text-orange-900",
};

export function MapsBadge({ status }: { status: MapsStatus | null }) {
  if (!status)
    return <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">No key</span>;
  return (
    <span role="status" className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE_STYLE[status]}`}>
      {MAPS_STATUS_LABEL[status]}
    </span>
  );
}

/**
 * The maps key and the publisher tag. Each form posts natively; with scripts it goes
 * through a fetcher, shows a toast and reloads the page so the new key is tried.
 */
export function MapsSettings({
  keyTail,
  publisherTag,
  status,
  backTo,
  result,
  origin,
}: {
  keyTail: string | null;
  publisherTag: string | null;
  status: MapsStatus | null;
  backTo: string;
  result: MapsActionResult["maps"] | null;
  origin: string;
}) {
  const hydrated = useHydrated();
  const [tab, setTab] = useState<"key" | "verification">("key");
  const [help, setHelp] = useState<"issue" | "settings">(status === "auth-error" ? "issue" : "settings");
  const hasError = status === "auth-error" || status === "load-error";
  return (
    <section aria-labelledby="maps-settings" className="rounded-xl bg-white shadow-sm">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-black/10 p-4">
        <h2 id="maps-settings" className="flex items-center gap-2 text-lg font-bold">
          <KeyRound aria-hidden className="size-5 text-brand" /> Google Maps Settings <MapsBadge status={status} />
        </h2>
        {keyTail && !hasError ? (
          <Link to={backTo} className={secondaryButton}>
            <ArrowLeft aria-hidden className="size-4" /> Back to Tool
          </Link>
        ) : (
          <Link to={backTo} className="text-sm font-semibold text-brand underline">
            Use the tool without maps
          </Link>
        )}
      </header>
      <div className="grid gap-6 p-4 lg:grid-cols-[1fr_18rem]">
        <div>
          {hydrated ? (
            <Tabs
              label="Settings"
              current={tab}
              onChange={setTab}
              tabs={[
                ["key", "API Key Settings"],
                ["verification", "Google Verification"],
              ]}
            />
          ) : null}
          <div className="space-y-8 pt-4">
            <div hidden={hydrated && tab !== "key"}>
              <KeyForm keyTail={keyTail} result={result} />
            </div>
            <div hidden={hydrated && tab !== "verification"}>
              <PublisherTagForm publisherTag={publisherTag} result={result} />
            </div>
          </div>
        </div>
        <aside className="rounded-lg bg-sand p-4 text-sm">
          {hydrated && (
            <Tabs
              label="Help"
              current={help}
              onChange={setHelp}
              tabs={[
                ["issue", "API Key Issue"],
                ["settings", "API Key Settings"],
              ]}
            />
          )}
          <div className="space-y-2 pt-3" hidden={hydrated && help !== "issue"}>
            <h3 className="font-semibold">API Key Issue</h3>
            <p>If the badge says Auth Error, Google refused the key for this site:</p>
            <ol className="list-decimal space-y-1 pl-5">
              <li>Open the Google Cloud Console, APIs &amp; Services, Credentials.</li>
              <li>Edit the key; under Website restrictions add the domain pattern below.</li>
              <li>Save, wait a minute, then refresh this page (or press Test).</li>
            </ol>
          </div>
          <div className="space-y-2 pt-3" hidden={hydrated && help !== "settings"}>
            <h3 className="font-semibold">API Key Settings</h3>
            <p>
              Enable these APIs for the key: Maps JavaScript API, Places API, Geocoding API (and Maps Static API for
              satellite pictures).
            </p>
            <DomainPattern origin={origin} />
          </div>
        </aside>
      </div>
    </section>
  );
}

function DomainPattern({ origin }: { origin: string }) {
  const hydrated = useHydrated();
  const pattern = `${origin}/*`;
  return (
    <div>
      <p>Website restriction:</p>
      <div className="mt-1 flex items-center gap-2">
        <code className="rounded bg-white px-2 py-1">{pattern}</code>
        {hydrated && (
          <button
            type="button"
            aria-label="Copy domain pattern"
            className="rounded p-1 hover:bg-white"
            onClick={() =>
              navigator.clipboard.writeText(pattern).then(
                () => toast.success("Domain pattern copied to clipboard"),
                (error: unknown) =>
                  toast.error(`Failed to copy: ${error instanceof Error ? error.message : String(error)}`),
              )
            }
          >
            <Copy aria-hidden className="size-4" />
          </button>
        )}
      </div>
    </div>
  );
}

/** Toast and the spec's reload delay once a fetcher's post comes back. */
function useMapsFetcher(reloadAfter: Partial<Record<string, number>>) {
  const fetcher = useFetcher<MapsActionResult>();
  const outcome = fetcher.state === "idle" ? fetcher.data?.maps : undefined;
  useEffect(() => {
    if (!outcome) return;
    if (!outcome.saved) {
      toast.error(refusal(outcome));
      return;
    }
    toast.success(outcome.saved);
    const delay = reloadAfter[outcome.intent];
    if (delay !== undefined) {
      const timer = setTimeout(() => window.location.reload(), delay);
      return () => clearTimeout(timer);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the delays are constants
  }, [outcome]);
  return fetcher;
}

/** Without scripts (no toast), what the form's last post did: saved, or its form-level error (a field's stays under the field). */
function Outcome({ result, intents }: { result: MapsActionResult["maps"] | null; intents: string[] }) {
  if (!result || !intents.includes(result.intent)) return null;
  const message = result.saved ?? replyFormError(result.reply);
  if (!message) return null;
  return (
    <p
      role={result.saved ? "status" : "alert"}
      className={`rounded-md px-3 py-2 text-sm font-medium ${result.saved ? "bg-green-50 text-green-900" : "bg-red-50 text-red-800"}`}
    >
      {message}
    </p>
  );
}

/** The field of a maps form as the last answer left it (conform's ids and error), when that answer was this form's. */
function mapsField(
  result: MapsActionResult["maps"] | null | undefined,
  intents: string[],
  formId: string,
  name: string,
) {
  return replyField(result && intents.includes(result.intent) ? result.reply : undefined, formId, name);
}

function KeyForm({ keyTail, result }: { keyTail: string | null; result: MapsActionResult["maps"] | null }) {
  const [key, setKey] = useState("");
  const fetcher = useMapsFetcher({ [MAPS_SETTINGS_INTENTS.saveKey]: RELOAD_AFTER_SAVE_MS });
  const hydrated = useHydrated();
  const busy = fetcher.state !== "idle";
  const apiKey = mapsField(
    busy ? null : (fetcher.data?.maps ?? result),
    [MAPS_SETTINGS_INTENTS.saveKey],
    "maps-key",
    "apiKey",
  );
  return (
    <fetcher.Form method="post" id="maps-key" className="space-y-3">
      {!hydrated && (
        <Outcome result={result} intents={[MAPS_SETTINGS_INTENTS.saveKey, MAPS_SETTINGS_INTENTS.clearKey]} />
      )}
      <p className="text-sm">
        {keyTail ? (
          <>
            Saved key:{" "}
            <code className="rounded bg-sand px-1.5 py-0.5" data-testid="key-tail">
              {keyTail}
            </code>
          </>
        ) : (
          "No key saved. Google Maps API key is required for address search and satellite pictures; everything else works without it."
        )}
      </p>
      <Field label="Google Maps API key" error={apiKey}>
        <input
          {...apiKey.props}
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={key}
          onChange={(e) => setKey(e.target.value)}
          className={inputClass}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          name="intent"
          value={MAPS_SETTINGS_INTENTS.saveKey}
          className={primaryButton}
          disabled={busy || (hydrated && key.trim() === "")}
        >
          {busy ? "Saving..." : "Save"}
        </button>
        {keyTail && hydrated && (
          <button
            type="button"
            className={secondaryButton}
            onClick={() => setTimeout(() => window.location.reload(), RELOAD_AFTER_TEST_MS)}
          >
            <ShieldCheck aria-hidden className="size-4" /> Test
          </button>
        )}
        {keyTail && (
          <button
            type="submit"
            name="intent"
            value={MAPS_SETTINGS_INTENTS.clearKey}
            className={secondaryButton}
            disabled={busy}
            formNoValidate
          >
            Clear
          </button>
        )}
      </div>
    </fetcher.Form>
  );
}

function PublisherTagForm({
  publisherTag,
  result,
}: {
  publisherTag: string | null;
  result: MapsActionResult["maps"] | null;
}) {
  const [tag, setTag] = useState(publisherTag ?? "");
  const fetcher = useMapsFetcher({});
  const hydrated = useHydrated();
  const field = mapsField(
    fetcher.state !== "idle" ? null : (fetcher.data?.maps ?? result),
    [MAPS_SETTINGS_INTENTS.saveTag],
    "publisher-tag",
    "publisherTag",
  );
  return (
    <fetcher.Form method="post" id="publisher-tag" className="space-y-3">
      {!hydrated && <Outcome result={result} intents={[MAPS_SETTINGS_INTENTS.saveTag]} />}
      <Field label="Google publisher verification code" error={field}>
        <input {...field.props} value={tag} onChange={(e) => setTag(e.target.value)} className={inputClass} />
      </Field>
      <button
        type="submit"
        name="intent"
        value={MAPS_SETTINGS_INTENTS.saveTag}
        className={primaryButton}
        disabled={fetcher.state !== "idle" || (hydrated && tag.trim() === "")}
      >
        Save verification code
      </button>
    </fetcher.Form>
  );
}
