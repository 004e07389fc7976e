import { requireAccess } from "~/services/access.server";
import { accountantFileResponse } from "~/services/accountant-export.server";
import { isAccountantFile } from "~/lib/quickbooks";
import { periodFromSearch } from "~/lib/report-period";
import { businessToday } from "~/lib/business-time";
import { notFound } from "~/server/responses.server";
import type { Route } from "./+types/accountant-file";

/** One of the accountant's files for the period the address asks for (owner only). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAccess(request, "routes/resources/accountant-file");
  if (!isAccountantFile(params.file)) notFound();
  const { period, error } = periodFromSearch(new URL(request.url).searchParams, businessToday());
  // A range that makes no sense is said so, not answered with another period's figures.
  if (error) return new Response(error, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return accountantFileResponse(params.file, period);
}
