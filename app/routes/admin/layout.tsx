import { Link, Outlet } from "react-router";

export default function AdminLayout() {
  return (
    <div className="min-h-dvh bg-sand">
      <header className="bg-ink text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <p className="text-lg font-bold">Portfolio Admin</p>
          <nav aria-label="Admin" className="flex flex-wrap gap-2 text-sm">
            <Link to="/admin" className="rounded-md px-3 py-2 hover:bg-white/10">
              Projects
            </Link>
            <Link to="/admin/testimonials" className="rounded-md px-3 py-2 hover:bg-white/10">
              Testimonials
            </Link>
            <Link to="/admin/roof-measurement" className="rounded-md px-3 py-2 hover:bg-white/10">
              Roof Tool
            </Link>
          </nav>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <Outlet />
      </main>
    </div>
  );
}
