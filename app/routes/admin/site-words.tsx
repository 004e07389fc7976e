import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, href } from "react-router";
import { useTypedWork, useUnsavedWarning, type IsLeaving } from "~/components/use-unsaved-warning";
import { AboutForm, PageWordsForm, TrustFactsForm } from "~/components/admin/site-words-forms";
import { editablePage } from "~/content/page-words";
import {
  ABOUT_LISTS,
  AboutFormSchema,
  isPageId,
  PageWordsFormSchema,
  teamFromForm,
  TrustFactsFormSchema,
  trustFactsFromForm,
  WORDS_INTENTS,
} from "~/lib/site-words";
import { redirectWithFlash } from "~/services/flash.server";
import { requireAccess, requireIntent } from "~/services/access.server";
import { pickerImages } from "~/services/site-pictures.server";
import { saveAbout, savePageWords, saveTrustFacts, wordsAdminView } from "~/services/site-words.server";
import { readForm, refuseUnknownIntent } from "~/server/request-body.server";
import type { Route } from "./+types/site-words";

// Words & Facts: the owner's trust facts, each page's hero words, and the
// About page's story and team. Three forms, one settings entity each side (words, trust).

const PATH = href("/admin/site/words");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "routes/admin/site-words");
  const asked = new URL(request.url).searchParams.get("page");
  return { ...wordsAdminView(isPageId(asked) ? asked : "home"), photos: pickerImages() };
}

type FormName = "trust" | "page" | "about";
type ActionResult = { form: FormName; result: SubmissionResult<string[]> };

const refused = (form: FormName, result: SubmissionResult<string[]>, status = 400) =>
  data<ActionResult>({ form, result }, { status });

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAccess(request, "routes/admin/site-words");
  const form = await readForm(request, { lists: ABOUT_LISTS });
  requireIntent(user, "routes/admin/site-words", form.get("intent"));
  // Back to the headlines the owner had open: dropping `?page=` would draw another page's
  // headline form, and typing in it would count as leaving.
  const shown = new URL(request.url).searchParams.get("page");
  const back = shown ? `${PATH}?page=${encodeURIComponent(shown)}` : PATH;
  switch (form.get("intent")) {
    case WORDS_INTENTS.trust: {
      const submission = parseWithZod(form, { schema: TrustFactsFormSchema });
      if (submission.status !== "success") return refused("trust", submission.reply());
      saveTrustFacts(trustFactsFromForm(submission.value), user.userId);
      return redirectWithFlash(back, { type: "success", message: "Trust facts saved" });
    }
    case WORDS_INTENTS.page: {
      const submission = parseWithZod(form, { schema: PageWordsFormSchema });
      if (submission.status !== "success") return refused("page", submission.reply());
      const { page, headline, intro } = submission.value;
      savePageWords(page, { headline, intro }, user.userId);
      return redirectWithFlash(`${PATH}?page=${page}`, {
        type: "success",
        message: `Headline of the ${editablePage(page)?.label ?? "page"} saved`,
      });
    }
    case WORDS_INTENTS.about: {
      const submission = parseWithZod(form, { schema: AboutFormSchema });
      // "Add a person" and "Remove" come back as the form with the row added or gone (200), scripts or not.
      if (submission.status !== "success")
        return refused("about", submission.reply(), submission.status === "error" ? 400 : 200);
      const refusal = saveAbout(submission.value.story, teamFromForm(submission.value), user.userId);
      if (refusal) {
        return refused(
          "about",
          submission.reply({
            fieldErrors: {
              [`team[${refusal.missingPhoto}].imageId`]: [
                "That photo is no longer in the library. Please pick another.",
              ],
            },
          }),
        );
      }
      return redirectWithFlash(back, {
        type: "success",
        message: submission.value.move ? "Team order saved" : "Story and team saved",
      });
    }
    default:
      return refuseUnknownIntent();
  }
}

const LEAVE_QUESTION = "Leave without saving? Words you typed on this page are not saved yet.";

/** Another admin page, or another page's headlines (`?page=`): the typed headline would be gone. */
const otherPageOrHeadlines: IsLeaving = (current, next) =>
  current.pathname !== next.pathname ||
  new URLSearchParams(current.search).get("page") !== new URLSearchParams(next.search).get("page");

export default function SiteWords({ loaderData, actionData }: Route.ComponentProps) {
  const replyFor = (form: FormName) => (actionData?.form === form ? actionData.result : undefined);
  // Switching to another page's headlines draws that page's form: typed words ask first.
  const headlineTyped = useTypedWork(`page-words-${loaderData.page.id}`, JSON.stringify(loaderData.page));
  const trustTyped = useTypedWork("trust-facts", JSON.stringify(loaderData.trust));
  const aboutTyped = useTypedWork("about", JSON.stringify([loaderData.story, loaderData.team]));
  useUnsavedWarning(headlineTyped || trustTyped || aboutTyped, LEAVE_QUESTION, otherPageOrHeadlines);
  return (
    <>
      <header>
        <h1 className="text-2xl font-bold">Words & trust facts</h1>
        <p className="mt-1 text-ink-soft">The headlines, the About page and the facts homeowners look for.</p>
      </header>
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <TrustFactsForm trust={loaderData.trust} lastResult={replyFor("trust")} />
        <AboutForm
          story={loaderData.story}
          team={loaderData.team}
          photos={loaderData.photos}
          lastResult={replyFor("about")}
        />
      </div>
      <PageWordsForm pages={loaderData.pages} page={loaderData.page} lastResult={replyFor("page")} />
    </>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Words & trust facts | Admin" },
  { name: "robots", content: "noindex" },
];
