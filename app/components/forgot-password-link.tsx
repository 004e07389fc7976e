import { href, Link } from "react-router";

/** The login page's way out for a forgotten password: the page that mails a reset link. */
export function ForgotPasswordLink() {
  return (
    <p className="mt-4 text-center">
      <Link
        to={href("/admin/forgot-password")}
        className="inline-flex min-h-10 items-center text-sm font-semibold text-brand-dark underline"
      >
        Forgot your password?
      </Link>
    </p>
  );
}
