import { afterAll, beforeEach } from "vitest";
import { FAKE_TWILIO, startFakeTwilio } from "../fake-twilio";

/**
 * For a test file whose app sends texts: the real twilio SDK, pointed at a fake Twilio
 * started here, emptied before each test (unless `keep`) and stopped after the file. Call it
 * before the first app module is imported, like fakeResendForApp: the environment is read once.
 */
export async function fakeTwilioForApp({ keep = false } = {}) {
  const fake = await startFakeTwilio();
  Object.assign(process.env, {
    TWILIO_ACCOUNT_SID: FAKE_TWILIO.accountSid,
    TWILIO_AUTH_TOKEN: FAKE_TWILIO.authToken,
    TWILIO_FROM: FAKE_TWILIO.from,
    TWILIO_API_BASE: fake.url,
    // As fast as the fake takes them: the pace is the benchmark's business, not these tests'.
    TEXTS_PER_SECOND: "100",
  });
  beforeEach(() => {
    if (keep) return;
    fake.sent.length = 0;
    fake.setDown(false);
    fake.refuseWhen(null);
  });
  afterAll(() => fake.close());
  return fake;
}
