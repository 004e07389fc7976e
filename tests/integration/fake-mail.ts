import { afterAll, beforeEach } from "vitest";
import { startFakeResend } from "../fake-resend";

/**
 * For a test file whose app sends mail: the real resend SDK, pointed at a fake Resend
 * started here, emptied before each test and stopped after the file. Call it before the
 * first app module is imported (import those dynamically after it): the environment is
 * read once, by the first module that needs it.
 */
export async function fakeResendForApp(env: Record<string, string> = {}) {
  Object.assign(process.env, { RESEND_API_KEY: "re_test_key", MAIL_FROM: "Website <web@example.com>", ...env });
  const fake = await startFakeResend();
  process.env.RESEND_BASE_URL = fake.url;
  beforeEach(() => {
    fake.sent.length = 0;
    fake.failWhen(null);
  });
  afterAll(() => fake.close());
  return fake;
}
