import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "~/entry.server";
import { ACCESS } from "~/lib/access";

// Hostile or mistaken requests the router turns away are answered with their 4xx and not
// logged as server errors (POST /admin: 405); a real failure still is.

const args = (method = "POST") => ({
  request: new Request("http://site.test/admin", { method }),
  params: {},
  context: undefined as never,
});

describe("the server's error log", () => {
  const log = vi.spyOn(console, "error").mockImplementation(() => {});
  afterEach(() => log.mockClear());

  it("stays quiet for a 405 (POST to a page without a form), a 400 and a 404", () => {
    handleError(
      new ErrorResponse(
        405,
        "Method Not Allowed",
        new Error('You made a POST request to "/admin" but did not provide an `action`'),
        true,
      ),
      args(),
    );
    handleError(
      new ErrorResponse(400, "Bad Request", new Error("You made a GET request but did not provide a `loader`"), true),
      args("GET"),
    );
    handleError(new ErrorResponse(404, "Not Found", new Error('No route matches URL "/x"'), true), args("GET"));
    expect(log).not.toHaveBeenCalled();
  });

  it("logs a real failure, with the inner error of a 500", () => {
    const broken = new Error("database is locked");
    handleError(broken, args());
    handleError(new ErrorResponse(500, "Internal Server Error", broken, true), args());
    expect(log).toHaveBeenCalledTimes(2);
    expect(log).toHaveBeenLastCalledWith(broken);
  });
});

describe("the image upload opened as a page", () => {
  it("is in the matrix as the office's, and its loader asks it first", async () => {
    expect(ACCESS["routes/resources/image-upload"]).toMatchObject({
      kind: "admin",
      get: ["owner", "office"],
      resource: true,
    });
    const { loader } = await import("~/routes/resources/image-upload");
    const anonymous = await loader({
      request: new Request("http://site.test/admin/images/upload"),
      params: {},
      context: undefined as never,
    } as never).catch((r: unknown) => r);
    expect((anonymous as Response).status).toBe(401);
  });
});
