/**
 * The text that pages put in their <head>: the browser-tab title, the meta description and the
 * share cards. Content writes the bank's name and division as {name} and {division}, so that a
 * rename is made once, in content/site.ts; these functions fill them in.
 */
import type { Metadata } from 'next';
import { site } from '@/content/site';
import { fillTemplate } from './template';

/** The values for the {name} and {division} slots that content texts may use. */
const brandValues = { name: site.name, division: site.division };

/** A content text with the bank's name and division filled in for {name} and {division}. */
export const withBrand = (text: string) => fillTemplate(text, brandValues);

/**
 * A page's browser-tab title, built from content/site.ts's `pageTitle` pattern.
 * @param title The page's own title, e.g. 'South Africa'.
 * @returns The full title, e.g. 'South Africa | Private Bank | Kestrel Bank'.
 */
export const pageTitle = (title: string) =>
  fillTemplate(site.pageTitle, { ...brandValues, page: title });

/** What a page's content gives for its metadata; the description may use {name} and {division}. */
type PageText = { title: string; description: string };

/**
 * A page's metadata: title, description, canonical link and the share cards for Open Graph and X.
 * Relative URLs resolve against `metadataBase`, which the root layout sets once.
 * @param page The page's title and description from content.
 * @param canonicalPath The page's own path, which becomes its canonical link and share-card URL.
 *   Leave it out for a page that search engines must not index, such as the not-found page.
 */
export function pageMetadata(page: PageText, canonicalPath?: string): Metadata {
  const title = pageTitle(page.title);
  const description = withBrand(page.description);
  const { src: url, width, height, alt } = site.shareImage;
  // Open Graph and X show the same title, description and image.
  const shareCard = { title, description, images: [{ url, width, height, alt: withBrand(alt) }] };
  return {
    title: { absolute: title },
    description,
    ...(canonicalPath !== undefined && { alternates: { canonical: canonicalPath } }),
    openGraph: {
      type: 'website',
      siteName: `${site.name} ${site.division}`,
      // Open Graph writes a locale with an underscore: 'en-GB' becomes 'en_GB'.
      locale: site.language.replace('-', '_'),
      ...shareCard,
      ...(canonicalPath !== undefined && { url: canonicalPath }),
    },
    twitter: { card: 'summary_large_image', ...shareCard },
  };
}
