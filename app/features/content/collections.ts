import { z } from "~/lib/zod";
import { CEFR_LEVELS, SLUG_RE, TOPICS } from "~/features/library";

/**
 * The content collections of spec §3, as Markdown (info: YAML data) with front matter under
 * content/<collection>/. One schema per collection for the front matter; the common page
 * fields (id, title, body, description, extension, meta, navigation, path, seo, stem) are
 * derived when the files are built into tables.
 */
export const COLLECTIONS = [
  "changelog",
  "blog",
  "landing",
  "legal",
  "faq",
  "newsletter",
  "email",
  "transcript",
  "info",
] as const;
export type CollectionName = (typeof COLLECTIONS)[number];

/** Collections whose files live under a locale folder (content/<collection>/<en|pl>/…). */
export const LOCALIZED_COLLECTIONS: readonly CollectionName[] = [
  "blog",
  "landing",
  "legal",
  "faq",
  "email",
];
export const CONTENT_LOCALES = ["en", "pl"] as const;

const isoDate = z.union([z.iso.date(), z.iso.datetime()]);
const seo = z
  .object({
    title: z.string().min(3).max(70).optional(),
    description: z.string().min(20).max(170).optional(),
  })
  .strict();
const common = {
  title: z.string().min(3).max(120),
  description: z.string().min(20).max(200),
  seo: seo.optional(),
  navigation: z.union([z.boolean(), z.object({ title: z.string() })]).optional(),
};

export const FrontMatterSchemas = {
  changelog: z
    .object({
      ...common,
      publishedAt: isoDate,
      tags: z.array(z.string().min(2).max(30)).max(5).default([]),
    })
    .strict(),
  blog: z
    .object({
      ...common,
      publishedAt: isoDate,
      cover: z.string().regex(/^\/images\/blog\/[a-z0-9-]+\.(svg|webp|avif|png|jpg)$/),
      coverAlt: z.string().min(5).max(200),
      tags: z.array(z.string().min(2).max(30)).max(6).default([]),
      author: z.string().min(3).max(80),
    })
    .strict(),
  landing: z
    .object({
      ...common,
      /** The variant this page is (the same across languages): "home", "schools", "tutors". */
      name: z.string().regex(SLUG_RE),
      /** The English slug of this page (for a localized slug, the page it translates). */
      en: z.string().regex(SLUG_RE),
      hero: z
        .object({
          title: z.string().min(5).max(120),
          text: z.string().min(20).max(400),
          cta: z.string().min(2).max(40),
        })
        .strict(),
    })
    .strict(),
  legal: z.object({ ...common, metaTitle: z.string().min(3).max(70), updatedAt: isoDate }).strict(),
  faq: z
    .object({
      ...common,
      question: z.string().min(8).max(200),
      category: z.enum([
        "getting-started",
        "exercises",
        "plans-and-billing",
        "schools",
        "account-and-privacy",
        "teaching",
      ]),
      order: z.number().int().min(0).max(999),
    })
    .strict(),
  newsletter: z
    .object({ ...common, publishedAt: isoDate, issue: z.number().int().min(1) })
    .strict(),
  email: z
    .object({
      ...common,
      subject: z.string().min(5).max(120),
      stream: z.enum(["account", "app", "marketing"]),
      account: z.enum(["all", "free", "premium", "trial"]),
      country: z.array(z.string().regex(/^[A-Z]{2}$/)).default([]),
      interval: z
        .union([z.literal(1), z.literal(12)])
        .nullable()
        .default(null),
      scheduled: isoDate.nullable().default(null),
      valid: isoDate.nullable().default(null),
    })
    .strict(),
  transcript: z
    .object({
      ...common,
      level: z.enum(CEFR_LEVELS),
      topics: z.array(z.enum(TOPICS)).min(1).max(3),
      // A bundled file (content/audio) or one uploaded in the admin panel (the media table).
      audio: z.string().regex(/^(\/audio\/[a-z0-9-]+|\/media\/[a-f0-9]{24})\.(mp3|ogg|opus|m4a)$/),
      durationSeconds: z.number().int().min(10).max(900),
      voices: z.array(z.string().min(2).max(40)).min(1).max(4),
      isFree: z.boolean(),
      publishedAt: isoDate,
    })
    .strict(),
  info: z.record(z.string(), z.unknown()),
} satisfies Record<CollectionName, z.ZodType>;
