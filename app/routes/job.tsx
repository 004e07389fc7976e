import { notFound } from "~/server/responses.server";

// Issue 33 scaffold: the homeowner's job page (being written this session).
export function loader(): never {
  notFound();
}

export default function JobPage() {
  return null;
}
