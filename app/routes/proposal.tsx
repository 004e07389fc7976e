import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { ProposalAccepted, ProposalGone, ProposalView } from "~/components/proposal-view";
import { proposalPdfPath, proposalState, PROPOSAL_MESSAGES, PROPOSAL_REPLACED_TEXT } from "~/lib/proposal";
import { formatDay, formatMoment } from "~/lib/business-time";
import { reachWay, weWillReach } from "~/lib/contact-form";
import { AcceptanceSchema } from "~/lib/proposal-schema";
import {
  CHOICE_FIELDS,
  CHOICE_INTENTS,
  CHOICE_MESSAGES,
  MAX_ADD_ONS,
  readChoice,
  storedChoice,
  type ProposalChoice,
} from "~/lib/proposal-choice";
import { outlineForSvg } from "~/lib/roof-drawing";
import { getLead } from "~/models/lead.server";
import { getBusinessFacts } from "~/models/settings.server";
import { clientIp } from "~/server/client-ip.server";
import { env } from "~/server/env.server";
import { sqliteLimiter } from "~/server/rate-limit.server";
import { readForm } from "~/server/request-body.server";
import { acceptProposal, proposalContent, proposalForToken } from "~/services/proposal-actions.server";
import type { Route } from "./+types/proposal";

// The homeowner's page for one proposal, opened by the link staff sent (no account): per
// token, so never cached (the page cache skips /proposal/, and the answer says no-store).

// Accepting is a handful of posts at most; a script posting names over and over is not.
const acceptsPerIp = sqliteLimiter("proposal-accept-ip", env.PROPOSAL_RATE_LIMIT, 10 * 60);

const NO_STORE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

/** What the page shows for a token: the proposal (open or accepted), replaced or expired (410), or nothing (404). */
function pageFor(token: string, now = new Date()) {
  const proposal = proposalForToken(token);
  const phone = getBusinessFacts().phone;
  if (!proposal) return { status: 404 as const, page: { kind: "unknown" as const, phone } };
  const content = proposalContent(proposal);
  const state = proposalState(proposal, now);
  if (state === "withdrawn") {
    return { status: 410 as const, page: { kind: "replaced" as const, phone: content.company.phone } };
  }
  if (state === "expired") {
    return {
      status: 410 as const,
      page: {
        kind: "expired" as const,
        phone: content.company.phone,
        company: content.company.name,
        validUntil: formatDay(content.validUntil),
      },
    };
  }
  const lead = getLead(proposal.leadId);
  return {
    status: 200 as const,
    page: {
      kind: "proposal" as const,
      content,
      pdf: proposalPdfPath(token),
      reach: weWillReach(lead ? reachWay(lead) : null),
      // Drawn here: the page itself must not load the drawing's schemas (zod).
      outline: content.roof?.drawing ? outlineForSvg(content.roof.drawing) : null,
      accepted: proposal.acceptedAt
        ? {
            name: proposal.acceptedName ?? "",
            at: formatMoment(proposal.acceptedAt),
            choice: storedChoice(content, proposal),
          }
        : null,
    },
  };
}

export function loader({ params }: Route.LoaderArgs) {
  const { status, page } = pageFor(params.token);
  return data(page, { status, headers: NO_STORE });
}

/**
 * Conform's reply to a refused post (null: none), the choice the server totaled for a last
 * look ("See my total", or a refused acceptance's own choice, so the page keeps it), and
 * whether this post accepted it (the page then shows it accepted).
 */
type AcceptAnswer = { reply: SubmissionResult<string[]> | null; review: ProposalChoice | null; accepted: boolean };
const answer = (reply: AcceptAnswer["reply"], status = 200, review: ProposalChoice | null = null) =>
  data<AcceptAnswer>({ reply, review, accepted: false }, { status, headers: NO_STORE });
const formError = (message: string) => ({ status: "error" as const, error: { "": [message] } });
const text = (v: FormDataEntryValue | null) => (typeof v === "string" ? v : null);

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!(await acceptsPerIp.hit(clientIp(context))))
    return answer({ status: "error", error: { "": [PROPOSAL_MESSAGES.tooMany] } }, 429);
  const form = await readForm(request, { lists: { [CHOICE_FIELDS.addOn]: MAX_ADD_ONS } });
  const proposal = proposalForToken(params.token);
  if (!proposal) return answer(null, 404);
  const submission = parseWithZod(form, { schema: AcceptanceSchema });
  // A closed proposal says so whatever was typed: fixing the form would not help.
  const closed = (state: string) =>
    state === "expired"
      ? answer(submission.reply({ formErrors: [PROPOSAL_MESSAGES.expired] }), 410)
      : answer(submission.reply({ formErrors: [PROPOSAL_MESSAGES.replaced] }), 410);
  const state = proposalState(proposal);
  if (state === "expired" || state === "withdrawn") return closed(state);
  // The homeowner's pick (decision 0108): checked against what the proposal offers, totaled here.
  const content = proposalContent(proposal);
  const posted = {
    option: text(form.get(CHOICE_FIELDS.option)),
    addOns: form
      .getAll(CHOICE_FIELDS.addOn)
      .map(text)
      .filter((v) => v !== null),
    total: text(form.get(CHOICE_FIELDS.total)),
  };
  const read = readChoice(content, posted);
  const picked = "error" in read ? null : read;
  switch (text(form.get(CHOICE_FIELDS.intent))) {
    case CHOICE_INTENTS.review:
      return "error" in read ? answer(formError(read.error), 400) : answer(null, 200, read);
    case null:
    case CHOICE_INTENTS.accept:
      break;
    default:
      return answer(formError(CHOICE_MESSAGES.unknownOption), 400);
  }
  if (submission.status !== "success") return answer(submission.reply(), 400, picked);
  const outcome = acceptProposal(proposal, { name: submission.value.fullName, ip: clientIp(context), choice: posted });
  if (outcome === "expired" || outcome === "withdrawn") return closed(outcome);
  // A choice not offered, or a total other than the one shown: nothing is accepted.
  if (typeof outcome === "object") return answer(submission.reply({ formErrors: [outcome.error] }), 400, picked);
  // Accepted now or before: the page (loaded again after this) shows it accepted.
  return data<AcceptAnswer>({ reply: null, review: null, accepted: true }, { headers: NO_STORE });
}

export default function Proposal({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.kind === "unknown") {
    return (
      <ProposalGone
        title="We could not find this proposal"
        phone={loaderData.phone}
        text="The link may be incomplete: please open it again from the message we sent, or give us a call."
      />
    );
  }
  if (loaderData.kind === "replaced") {
    return <ProposalGone title={PROPOSAL_MESSAGES.replaced} phone={loaderData.phone} text={PROPOSAL_REPLACED_TEXT} />;
  }
  if (loaderData.kind === "expired") {
    return (
      <ProposalGone
        title="This proposal has expired"
        phone={loaderData.phone}
        text={`It was valid until ${loaderData.validUntil}. Prices for materials change, so please give us a call and we will gladly look at it with you again.`}
      />
    );
  }
  return (
    <ProposalView
      content={loaderData.content}
      outline={loaderData.outline}
      pdf={loaderData.pdf}
      reach={loaderData.reach}
      reply={actionData?.reply ?? undefined}
      review={actionData?.review}
      chosen={loaderData.accepted?.choice}
    >
      {loaderData.accepted && (
        // justAccepted: this page's own post accepted it, so the answer is brought into view.
        <ProposalAccepted
          name={loaderData.accepted.name}
          at={loaderData.accepted.at}
          phone={loaderData.content.company.phone}
          reach={loaderData.reach}
          justAccepted={actionData?.accepted === true}
        />
      )}
    </ProposalView>
  );
}

export function headers() {
  return NO_STORE;
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.kind === "proposal" ? `Your proposal from ${data.content.company.name}` : "Proposal" },
  { name: "robots", content: "noindex, nofollow" },
];
