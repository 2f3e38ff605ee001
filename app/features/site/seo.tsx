import { useLocation } from "react-router";
import { useLocale } from "~/lib/i18n/react";
import { useRootData } from "./root-data";

const SITE_NAME = "Parley";
const DEFAULT_OG_IMAGE = "/images/og-default.png";

/** JSON inside a script element: "<" is escaped so the text can never close the element. */
function jsonLdText(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export function JsonLd({ data }: { data: unknown }) {
  return (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />
  );
}

/**
 * A public page's title, description and Open Graph / Twitter tags (React hoists them into
 * the head). Canonical and hreflang links come from SeoLinks in the document.
 */
export function Seo({
  title,
  description,
  image = DEFAULT_OG_IMAGE,
  imageAlt,
  type = "website",
  publishedAt,
  noindex = false,
}: {
  title: string;
  description: string;
  image?: string;
  imageAlt?: string;
  type?: "website" | "article";
  publishedAt?: string;
  noindex?: boolean;
}) {
  const origin = useRootData()?.env.appOrigin ?? "";
  const { pathname } = useLocation();
  const locale = useLocale();
  const absoluteImage = image.startsWith("http") ? image : `${origin}${image}`;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {noindex || locale.code === "dict" ? <meta name="robots" content="noindex" /> : null}
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content={type} />
      <meta property="og:url" content={`${origin}${pathname}`} />
      <meta property="og:image" content={absoluteImage} />
      {imageAlt ? <meta property="og:image:alt" content={imageAlt} /> : null}
      <meta property="og:locale" content={locale.iso.replace("-", "_")} />
      {publishedAt ? <meta property="article:published_time" content={publishedAt} /> : null}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={absoluteImage} />
    </>
  );
}

export function organizationJsonLd(origin: string, supportEmail: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${origin}/#organization`,
    name: SITE_NAME,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    email: supportEmail,
    contactPoint: { "@type": "ContactPoint", contactType: "customer support", email: supportEmail },
  };
}
