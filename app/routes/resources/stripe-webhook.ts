import { notFound } from "~/server/responses.server";

// Issue 33 scaffold (being written this session).
export function loader(): never {
  notFound();
}
