// The fake Twilio API as its own process, for the browser tests' server to text through.
import { startFakeTwilio } from "./fake-twilio";

const fake = await startFakeTwilio(Number(process.argv[2] ?? 3199));
console.log(`fake Twilio listening on ${fake.url}`);
