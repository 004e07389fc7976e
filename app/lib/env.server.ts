import path from "node:path";
import { z } from "zod";

const flag = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .optional()
  .transform((v) => v === "1" || v === "true" || v === "yes");

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
  TRUST_PROXY: flag,
  // How many contact messages one address may send in 10 minutes.
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  // Secure cookies need HTTPS. Default: on in production. Set 0 only for a plain-HTTP LAN.
  COOKIE_SECURE: z.enum(["1", "0", "true", "false"]).optional(),
  SITE_URL: z.string().url().optional(),
  SEED_DEMO_CONTENT: z
    .enum(["1", "0", "true", "false", ""])
    .optional()
    .transform((v) => v !== "0" && v !== "false"),
});

export type Env = z.infer<typeof EnvSchema>;

function readEnv(): Env {
  // Empty strings in .env files mean "not set", not "set to nothing".
  const raw = Object.fromEntries(
    Object.entries(process.env).filter(([, v]) => v !== undefined && v !== ""),
  );
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
