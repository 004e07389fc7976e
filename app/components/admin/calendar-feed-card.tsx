import { Form } from "react-router";
import { accountCard, usePosting } from "~/components/admin/account-card-form";
import { NewLinkBox } from "~/components/admin/lead-new-link";
import { dangerButton, primaryButton, secondaryButton, SubmitButton } from "~/components/form";
import { ACCOUNT_INTENTS } from "~/lib/account-forms";
import { CALENDAR_FEED_MESSAGES as WORDS, webcalUrl } from "~/lib/calendar-feed";

function IntentButton({
  intent,
  busyText,
  className,
  children,
}: {
  intent: string;
  busyText: string;
  className: string;
  children: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <SubmitButton busy={usePosting(intent)} busyText={busyText} className={className}>
        {children}
      </SubmitButton>
    </Form>
  );
}

/**
 * The account page's card for the person's calendar feed. Only the link's hash is kept, so
 * the link itself is shown once, in the answer to making it (`madeUrl`); afterwards the card
 * says since when it is on.
 */
export function CalendarFeedCard({ since, madeUrl }: { since: string | null; madeUrl: string | null }) {
  return (
    <section aria-labelledby="calendar-feed-title" className={accountCard} data-testid="calendar-feed">
      <div>
        <h2 id="calendar-feed-title" className="text-lg font-bold">
          {WORDS.title}
        </h2>
        <p className="text-sm text-ink-soft">{WORDS.intro}</p>
      </div>
      {madeUrl && (
        <>
          <NewLinkBox message={WORDS.made} url={madeUrl} label="Your calendar link" />
          <a href={webcalUrl(madeUrl)} className={secondaryButton}>
            Add to this phone&apos;s calendar
          </a>
          <ul className="list-disc space-y-1 pl-5 text-sm text-ink-soft">
            <li>{WORDS.iphone}</li>
            <li>{WORDS.android}</li>
            <li>{WORDS.refresh}</li>
          </ul>
        </>
      )}
      {since ? (
        <>
          <p className="text-sm" data-testid="calendar-feed-state">
            {WORDS.since(since)}
          </p>
          <p className="text-sm text-ink-soft">{WORDS.lost}</p>
          <div className="flex flex-wrap gap-3">
            <IntentButton intent={ACCOUNT_INTENTS.newCalendarFeed} busyText="Making..." className={secondaryButton}>
              Make a new link
            </IntentButton>
            <IntentButton
              intent={ACCOUNT_INTENTS.turnOffCalendarFeed}
              busyText="Turning off..."
              className={dangerButton}
            >
              Turn off
            </IntentButton>
          </div>
        </>
      ) : (
        <IntentButton intent={ACCOUNT_INTENTS.newCalendarFeed} busyText="Making..." className={primaryButton}>
          Make a link
        </IntentButton>
      )}
    </section>
  );
}
