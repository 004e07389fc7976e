import { Trash2 } from "lucide-react";
import { Form, href, Link, useNavigation } from "react-router";
import { EditorDialog, primaryButton, secondaryButton } from "~/components/admin-ui";
import { GoLiveList } from "~/components/admin/go-live-list";
import { parseWithZod } from "@conform-to/zod/v4";
import { GO_LIVE_INTENTS, GoLiveItemSchema, README_SECTION, remainingItems } from "~/lib/go-live";
import { redirectWithFlash } from "~/services/flash.server";
import { requireAccess, requireIntent } from "~/services/access.server";
import { goLiveOverview, removeDemoContent, setGoLiveConfirmed } from "~/services/go-live.server";
import { readForm, refuseBody, refuseUnknownIntent } from "~/server/request-body.server";
import type { Route } from "./+types/go-live";

const PAGE = href("/admin/go-live");
/** The big form of this page: it removes every demo project, review and picture. */
const REMOVE_DEMO = GO_LIVE_INTENTS.removeDemo;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "routes/admin/go-live");
  const { items, demoLeft } = goLiveOverview();
  // The confirm step is a page of its own (?confirm=remove): a modal with scripts, a panel without.
  const confirming = demoLeft.length > 0 && new URL(request.url).searchParams.get("confirm") === "remove";
  return { items, demoLeft, confirming };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAccess(request, "routes/admin/go-live");
  const form = await readForm(request);
  requireIntent(user, "routes/admin/go-live", form.get("intent"));
  switch (form.get("intent")) {
    case REMOVE_DEMO: {
      try {
        const { message } = removeDemoContent();
        return redirectWithFlash(PAGE, { type: "success", message });
      } catch (error) {
        console.error("Removing the demo content failed:", error);
        return redirectWithFlash(PAGE, {
          type: "error",
          message: "Failed to remove the demo content: nothing was removed. Please try again.",
        });
      }
    }
    case GO_LIVE_INTENTS.confirm:
    case GO_LIVE_INTENTS.unconfirm: {
      const confirmed = form.get("intent") === GO_LIVE_INTENTS.confirm;
      const submission = parseWithZod(form, { schema: GoLiveItemSchema });
      if (submission.status !== "success" || !setGoLiveConfirmed(submission.value.item, confirmed, user.userId)) {
        refuseBody(400, "That item cannot be marked as right. Please reload the page and try again.");
      }
      const message = confirmed ? "Marked as right: it counts as done." : "Back on the list as still to do.";
      return redirectWithFlash(PAGE, { type: "success", message });
    }
    default:
      return refuseUnknownIntent();
  }
}

export default function GoLive({ loaderData }: Route.ComponentProps) {
  const { items, demoLeft, confirming } = loaderData;
  const remaining = remainingItems(items);
  return (
    <>
      <header>
        <h1 className="text-2xl font-bold">Before you go live</h1>
        <p className="mt-1 text-ink-soft" data-testid="go-live-summary">
          {remaining === 0
            ? "Everything on the list is done: the site is yours."
            : `${remaining === 1 ? "1 thing is" : `${remaining} things are`} still demo or missing. Settings of the server are explained in the README, section “${README_SECTION}”.`}
        </p>
      </header>

      {demoLeft.length > 0 && (
        <section aria-labelledby="demo-heading" className="rounded-xl border border-amber-200 bg-amber-50 p-4 sm:p-5">
          <h2 id="demo-heading" className="font-bold">
            Demo content
          </h2>
          <p className="mt-1 text-sm">
            The site came with made-up projects, reviews and stock pictures. Remove them all at once; your own projects,
            reviews and pictures stay.
          </p>
          <Link to="?confirm=remove" preventScrollReset className={`${primaryButton} mt-3 bg-red-700 hover:bg-red-800`}>
            <Trash2 aria-hidden className="size-4" /> Remove the demo content
          </Link>
        </section>
      )}

      <GoLiveList items={items} confirmAt={PAGE} />

      {confirming && (
        <EditorDialog title="Remove the demo content?" closeTo={PAGE}>
          <RemoveDemoForm demoLeft={demoLeft} />
        </EditorDialog>
      )}
    </>
  );
}

function RemoveDemoForm({ demoLeft }: { demoLeft: string[] }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === REMOVE_DEMO;
  return (
    <>
      <p>This deletes, for good, from the site and the admin:</p>
      <ul className="mt-2 list-disc pl-5 text-sm text-ink-soft">
        {demoLeft.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-ink-soft">
        Projects, reviews and pictures you added or edited stay, and so does a demo picture one of your pages shows.
      </p>
      <Form method="post" action={PAGE} className="mt-6 flex flex-wrap justify-end gap-3">
        <Link to={PAGE} className={secondaryButton}>
          Cancel
        </Link>
        <button
          type="submit"
          name="intent"
          value={REMOVE_DEMO}
          disabled={busy}
          className={`${primaryButton} bg-red-700 hover:bg-red-800`}
        >
          {busy ? "Removing…" : "Remove the demo content"}
        </button>
      </Form>
    </>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Before you go live | Admin" },
  { name: "robots", content: "noindex" },
];
