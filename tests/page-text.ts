/** A server-rendered page's words as a reader sees them: tags and React's text markers out, spaces folded. */
export const pageText = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
