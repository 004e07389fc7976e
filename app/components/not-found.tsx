import { href, Link } from "react-router";

export function NotFound() {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center px-6 py-24 text-center">
      <p className="text-7xl font-bold text-brand">404</p>
      <h1 className="mt-4 text-3xl font-bold">Oops! Page not found</h1>
      <p className="mt-3 text-ink-soft">The page you are looking for has moved or never existed.</p>
      <Link
        to={href("/")}
        className="mt-8 inline-flex items-center rounded-md bg-brand px-5 py-3 font-semibold text-white hover:bg-brand-dark"
      >
        Return to Home
      </Link>
    </div>
  );
}
