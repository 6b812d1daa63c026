import type { Metadata } from 'next';
import { site } from '@/content/site';
import { fillTemplate } from './template';

/** A content text with the bank's name and division filled in for {name} and {division}. */
export const withBrand = (text: string) =>
  fillTemplate(text, { name: site.name, division: site.division });

/**
 * The browser-tab title of a page.
 * @param title The page's own title, e.g. 'South Africa'.
 * @returns The full title, e.g. 'South Africa | Private Bank | Kestrel Bank'.
 */
export function pageTitle(title: string): string {
  return fillTemplate(site.pageTitle, { page: title, division: site.division, name: site.name });
}

type PageMetadata = {
  /** The page's own title. */
  title: string;
  /** Its meta description; it may say {name} and {division}. */
  description: string;
  /** Its canonical path; leave it out for pages that must not be indexed. */
  path?: string;
};

/**
 * A page's metadata: title, description, canonical link, and share cards for Open Graph and X.
 * Relative URLs resolve against `metadataBase`, set once in the root layout.
 */
export function pageMetadata({ title, path, ...page }: PageMetadata): Metadata {
  const fullTitle = pageTitle(title);
  const description = withBrand(page.description);
  const { shareImage } = site;
  const image = {
    url: shareImage.src,
    width: shareImage.width,
    height: shareImage.height,
    alt: withBrand(shareImage.alt),
  };
  return {
    title: { absolute: fullTitle },
    description,
    ...(path !== undefined && { alternates: { canonical: path } }),
    openGraph: {
      type: 'website',
      siteName: `${site.name} ${site.division}`,
      locale: site.language.replace('-', '_'),
      title: fullTitle,
      description,
      images: [image],
      ...(path !== undefined && { url: path }),
    },
    twitter: { card: 'summary_large_image', title: fullTitle, description, images: [image] },
  };
}
