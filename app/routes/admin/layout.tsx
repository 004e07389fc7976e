import { LogOut } from "lucide-react";
import { data, Form, Link, Outlet, useLocation } from "react-router";
import { ADMIN_SECTIONS, inSection } from "~/lib/admin-sections";
import { FlashMessage } from "~/components/flash-message";
import { requireAdmin } from "~/services/auth.server";
import { readFlash } from "~/services/flash.server";
import { countUnread } from "~/models/contact-message.server";
import type { Route } from "./+types/layout";

// One guard for the whole admin: every loader and action beneath this layout runs only
// for a signed-in admin (each still checks on its own too; resource routes check alone).
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }) => {
    await requireAdmin(request);
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const { flash, headers } = await readFlash(request);
  headers.set("Cache-Control", "no-store");
  return data({ email: admin.email, flash, unread: countUnread() }, { headers });
}

const tab = (current: boolean) =>
  `rounded-md px-3 py-2 font-medium ${current ? "bg-white text-ink" : "text-white/90 hover:bg-white/10"}`;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <div className="min-h-dvh bg-sand">
      <header className="bg-ink text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <div>
            <p className="text-lg font-bold">Portfolio Admin</p>
            <p className="text-sm text-white/70" data-testid="admin-email">
              {loaderData.email}
            </p>
          </div>
          <nav aria-label="Admin" className="flex flex-wrap items-center gap-2 text-sm">
            {ADMIN_SECTIONS.map((section) => {
              const current = inSection(section.to, pathname);
              return (
                <Link key={section.to} to={section.to} aria-current={current ? "page" : undefined} className={tab(current)}>
                  {section.label}
                  {section.to === "/admin/messages" && loaderData.unread > 0 && (
                    <span
                      className="ml-1.5 rounded-full bg-brand px-1.5 py-0.5 text-xs font-bold text-white"
                      data-testid="unread-count"
                    >
                      {loaderData.unread}
                      <span className="sr-only"> unread</span>
                    </span>
                  )}
                </Link>
              );
            })}
            <Form method="post" action="/admin/logout">
              <button
                type="submit"
                className="inline-flex items-center gap-1 rounded-md px-3 py-2 font-medium text-white/90 hover:bg-white/10"
              >
                <LogOut aria-hidden className="size-4" /> Logout
              </button>
            </Form>
          </nav>
        </div>
      </header>
      <main className="mx-auto max-w-7xl space-y-4 px-4 py-8 sm:px-6">
        <FlashMessage flash={loaderData.flash} />
        <Outlet />
      </main>
    </div>
  );
}
