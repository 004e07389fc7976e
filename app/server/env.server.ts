import fs from "node:fs";
import path from "node:path";
// Relative, not ~/: scripts and tests load this file from other folders, where the alias is unknown.
import { z } from "../lib/zod";

// `.env` beside the app, as .env.example promises. Variables already set (Docker's
// environment, the shell) win over the file. Tests never read a developer's .env.
if (!process.env.VITEST && fs.existsSync(".env")) process.loadEnvFile(".env");

/** A switch that is on unless set to 0 or false. */
const onUnlessTurnedOff = z
  .enum(["1", "0", "true", "false", ""])
  .optional()
  .transform((v) => v !== "0" && v !== "false");

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_PATH: z.string().min(1).default("data/app.db"),
  UPLOADS_DIR: z.string().min(1).default("uploads"),
  SESSION_SECRET: z.string().optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  // Length is checked where it is used, so the CLI can say what is wrong in its own words.
  ADMIN_PASSWORD: z.string().optional(),
  RESEND_API_KEY: z.string().optional(),
  MAIL_FROM: z.string().default("Prairie Ridge Framing & Roofing <onboarding@resend.dev>"),
  // Which proxies in front may tell us the client's address, protocol and host: Express's
  // `trust proxy` values (a hop count, "loopback", addresses or CIDRs, comma-separated).
  // "true" means the one proxy in front (1 hop): trusting every hop would let a visitor
  // pick their own address with a made-up X-Forwarded-For.
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v): number | string | false => {
      const value = v?.trim().toLowerCase();
      if (!value || value === "false" || value === "no" || value === "0") return false;
      if (value === "true" || value === "yes") return 1;
      if (/^\d+$/.test(value)) return Number(value);
      return v!.trim();
    }),
  // How many contact messages one address may send in 10 minutes.
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  // How many times one address may post a proposal's acceptance form in 10 minutes.
  PROPOSAL_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  // Secure cookies need HTTPS. Default: on in production. Set 0 only for a plain-HTTP LAN.
  COOKIE_SECURE: z.enum(["1", "0", "true", "false"]).optional(),
  // The public origin (https://www.example.com): canonical links, sitemap, mail links and
  // the check that a form was posted from this site. Only the origin part is kept.
  SITE_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v), "must start with http:// or https://")
    .transform((v) => new URL(v).origin)
    .optional(),
  // Online payment with Stripe Checkout: on when both are set. STRIPE_API_BASE
  // points the SDK elsewhere than api.stripe.com (tests: a fake Stripe on 127.0.0.1).
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v), "must start with http:// or https://")
    .optional(),
  // Texts through Twilio: on when the account, its auth token and the number (or a
  // messaging service's MG… id) are set. TWILIO_API_BASE points the SDK elsewhere than
  // api.twilio.com (tests: a fake Twilio on 127.0.0.1). TEXTS_PER_SECOND: what the
  // number's carrier registration allows (10DLC: 1 for a new low-volume brand).
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_API_BASE: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v), "must start with http:// or https://")
    .optional(),
  TEXTS_PER_SECOND: z.coerce.number().positive().max(100).default(1),
  SEED_DEMO_CONTENT: onUnlessTurnedOff,
  // A new server's first start puts an off-site copy back before anything else ("newest",
  // or a copy's name), with the OFFSITE_* variables and OFFSITE_PASSPHRASE; checked where
  // it is used (services/restore.server.ts), which knows a copy's name. Ignored once a
  // database is there.
  RESTORE_FROM_OFFSITE: z.string().trim().optional(),
  // Render the sitemap's pages into the page cache as the server starts, so the first
  // visitors are answered from memory. About 3 s of CPU on a 2-core machine: 0 skips it
  // where many short-lived servers start (the browser tests' own sites).
  PAGE_CACHE_WARM: onUnlessTurnedOff,
});

export type Env = z.infer<typeof EnvSchema>;

function readEnv(): Env {
  // Empty strings in .env files mean "not set", not "set to nothing".
  const raw = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = EnvSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

export const env = readEnv();

export const paths = {
  database: path.resolve(env.DATABASE_PATH),
  uploads: path.resolve(env.UPLOADS_DIR),
  migrations: path.resolve("drizzle"),
  seedImages: path.resolve("seed/images"),
};
