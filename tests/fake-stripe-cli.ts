// The fake Stripe as its own process, for the browser tests: the app's SDK calls it, and its
// checkout page's "Pay" sends the signed webhook to the app. Args: port, webhook URL, secret.
import { startFakeStripe } from "./fake-stripe";

const [port = "3100", webhookUrl = "http://127.0.0.1:3199/stripe/webhook", webhookSecret = "whsec_e2e_fake"] =
  process.argv.slice(2);
const fake = await startFakeStripe({ listenPort: Number(port), webhookUrl, webhookSecret });
console.log(`fake Stripe listening on ${fake.url}, webhooks to ${webhookUrl}`);
