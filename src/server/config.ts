import { z } from 'zod'

// Every setting the server reads, parsed once at start (README "Configuration"
// lists the same names; so does .env.example). A bad value stops the server with
// one line naming the variable.

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes')

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    APP_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
      .optional(),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    // The key that encrypts secrets admins type into the platform settings (the SMTP
    // password, issue 22); outside production one is generated into DATA_DIR (platform/secrets.ts)
    SETTINGS_SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SEED_DEMO_DATA: booleanFlag.optional(),

    SMTP_HOST: z.string().min(1).optional(),
    SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
    SMTP_SECURE: booleanFlag.default(false),
    SMTP_USER: z.string().optional(),
    SMTP_PASSWORD: z.string().optional(),
    SMTP_IGNORE_TLS: booleanFlag.default(false),
    MAIL_FROM: z.string().min(3).default('Prestige Labs <no-reply@prestigelabs.local>'),

    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_DISCOVERY_URL: z.url().default('https://accounts.google.com/.well-known/openid-configuration'),

    ADMIN_REQUIRE_2FA: booleanFlag.default(false),

    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_/, 'must start with sk_ or rk_')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_/, 'must start with whsec_')
      .optional(),
    // Where the Stripe SDK sends its requests: Stripe itself unless a stand-in is given (tests)
    STRIPE_API_HOST: z.string().min(1).optional(),
    STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
    // spec 000 §5: the one promo word, compared case-insensitively; no promo when unset
    PROMO_CODE: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,32}$/, 'must be 3-32 letters, digits, - or _')
      .optional(),
    TRUST_PROXY: booleanFlag.default(false),
    // A Prometheus server's bearer token for GET /metrics (issue 23 §6); admins' sessions need none
    METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),

    // Where uploaded files live: DATA_DIR/uploads, or an S3-compatible bucket (docs/decisions/020)
    STORAGE_DRIVER: z.enum(['disk', 's3']).default('disk'),
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanFlag.default(false),

    // The blog's newsletter feed (issue 18): its address when no admin has set one,
    // and the networks the server may fetch it from beyond the public internet
    // (loopback: a feed served on the same machine, and the tests; private: 10/8 and its kind)
    NEWSLETTER_FEED_URL: z.url({ protocol: /^https?$/ }).optional(),
    FEED_ALLOW_LOOPBACK: booleanFlag.default(false),
    FEED_ALLOW_PRIVATE: booleanFlag.default(false),
  })
  .refine((c) => Boolean(c.GOOGLE_CLIENT_ID) === Boolean(c.GOOGLE_CLIENT_SECRET), {
    path: ['GOOGLE_CLIENT_SECRET'],
    message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
  })
  .refine((c) => !c.STRIPE_SECRET_KEY || Boolean(c.STRIPE_WEBHOOK_SECRET), {
    path: ['STRIPE_WEBHOOK_SECRET'],
    message: 'is required when STRIPE_SECRET_KEY is set',
  })
  .refine((c) => c.NODE_ENV !== 'production' || Boolean(c.AUTH_SECRET), {
    path: ['AUTH_SECRET'],
    message: 'is required in production',
  })
  .superRefine((c, context) => {
    if (c.STORAGE_DRIVER !== 's3') return
    for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!c[name]) context.addIssue({ code: 'custom', path: [name], message: 'is required when STORAGE_DRIVER=s3' })
    }
  })

export type Config = z.infer<typeof ConfigSchema> & { baseUrl: string }

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''))
  const parsed = ConfigSchema.safeParse(cleaned)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.') || 'environment'} ${issue.message}`)
  }
  const config = parsed.data
  return { ...config, baseUrl: (config.APP_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '') }
}
