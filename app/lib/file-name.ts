/** A download's file name from words (a street, a customer's name): letters, digits and dashes only. */
export function fileNameSlug(text: string, fallback = "customer"): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || fallback
  );
}
