import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { pageText as text } from "../../../tests/page-text";
import { EmptyWeekNote } from "./empty-week-note";

const render = (mayBook: boolean) => {
  const Stub = createRoutesStub([{ path: "/", Component: () => <EmptyWeekNote mayBook={mayBook} /> }]);
  return renderToString(<Stub initialEntries={["/"]} />);
};

describe("an empty week on the Schedule", () => {
  it("tells the office where visits and work days are booked, with the way there", () => {
    const html = render(true);
    expect(text(html)).toContain("Nothing booked this week. Visits and work days are booked from a lead’s page");
    expect(html).toContain('href="/admin/leads"');
  });

  it("tells the crew, who cannot book, that theirs shows here once the office books it", () => {
    const html = render(false);
    expect(text(html)).toContain(
      "Nothing booked this week. Your visits and work days show here once the office books them.",
    );
    expect(text(html)).not.toContain("booked from");
    expect(html).not.toContain("/admin/leads");
  });
});
