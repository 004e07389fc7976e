// The fake Resend API as its own process, for the browser tests' server to mail to.
import { startFakeResend } from "./fake-resend";

const fake = await startFakeResend(Number(process.argv[2] ?? 3198));
console.log(`fake Resend listening on ${fake.url}`);
