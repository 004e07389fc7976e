import { Form } from "react-router";
import type { Route } from "./+types/login";

export default function AdminLogin() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-sand px-4">
      <div className="w-full max-w-sm rounded-xl bg-white p-8 shadow-lg">
        <h1 className="text-2xl font-bold">Admin Login</h1>
        <Form method="post" className="mt-6 space-y-4">
          <label className="block">
            <span className="text-sm font-medium">Email</span>
            <input
              name="email"
              type="email"
              autoComplete="username"
              required
              className="mt-1 block w-full rounded-md border border-black/15 px-3 py-2"
            />
          </label>
          <label className="block">
            <span className="text-sm font-medium">Password</span>
            <input
              name="password"
              type="password"
              autoComplete="current-password"
              required
              className="mt-1 block w-full rounded-md border border-black/15 px-3 py-2"
            />
          </label>
          <button type="submit" className="w-full rounded-md bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark">
            Login
          </button>
        </Form>
      </div>
    </main>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Admin Login" }, { name: "robots", content: "noindex" }];
