import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { ContactSettingsFormSchema, ContactSettingsSchema, defaultContactSettings } from "./contact-settings";

const stored = {
  autoresponderEnabled: true,
  autoresponderSubject: "Thanks",
  autoresponderMessage: "We will call you.",
  notificationEmail: "owner@example.com",
};

describe("contact settings", () => {
  it("reads settings saved before the daily summary and texts existed as summary off, at 7 am, texting only who asked", () => {
    expect(ContactSettingsSchema.parse(stored)).toEqual({
      ...stored,
      digestEnabled: false,
      digestHour: 7,
      textEveryone: false,
    });
    expect(defaultContactSettings("Whitaker Roofing", "a@example.com")).toMatchObject({
      digestEnabled: false,
      digestHour: 7,
    });
  });

  it("takes the summary switch and its hour from the admin's form", () => {
    const form = (fields: Record<string, string>) => {
      const data = new FormData();
      for (const [name, value] of Object.entries({ ...stored, autoresponderEnabled: "on", ...fields }))
        data.set(name, value);
      return parseWithZod(data, { schema: ContactSettingsFormSchema });
    };
    expect(form({ digestEnabled: "on", digestHour: "16" })).toMatchObject({
      status: "success",
      value: { digestEnabled: true, digestHour: 16 },
    });
    expect(form({})).toMatchObject({ status: "success", value: { digestEnabled: false, digestHour: 7 } });
    expect(form({ digestHour: "24" }).reply().error).toEqual({ digestHour: ["Please choose an hour from the list"] });
    expect(form({ digestHour: "soon" }).reply().error).toEqual({ digestHour: ["Please choose an hour from the list"] });
  });
});
