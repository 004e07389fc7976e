import { href, Link } from "react-router";

/**
 * The strip a signed-in owner sees above a public page: the way back to the admin. Drawn by
 * the server (it works without scripts) and only into pages that never reach the page cache
 * (decision 0044).
 */
export function AdminBar() {
  return (
    <div className="bg-ink text-sm text-white" data-testid="admin-bar">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-1.5 sm:px-6">
        <span className="text-white/80">You are signed in.</span>
        {/* A document load: the admin has its own stylesheet. */}
        <Link
          to={href("/admin")}
          reloadDocument
          className="rounded px-2 py-1 font-semibold underline underline-offset-2 hover:bg-white/10"
        >
          Back to admin
        </Link>
      </div>
    </div>
  );
}
