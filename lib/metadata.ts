import type { Metadata } from 'next';
import { site } from '@/content/site';
import { fillTemplate } from './template';

const brand = { name: site.name, division: site.division };

/** A content text with the bank's name and division filled in for {name} and {division}. */
export const withBrand = (text: string) => fillTemplate(text, brand);

/** A page's browser-tab title: 'South Africa' → 'South Africa | Private Bank | Kestrel Bank'. */
export const pageTitle = (title: string) => fillTemplate(site.pageTitle, { ...brand, page: title });

type PageText = { title: string; description: string };

/** A page's metadata; only a page to index has a `path`, its canonical link (from metadataBase). */
export function pageMetadata(page: PageText, path?: string): Metadata {
  const title = pageTitle(page.title);
  const description = withBrand(page.description);
  const { src: url, width, height, alt } = site.shareImage;
  const shared = { title, description, images: [{ url, width, height, alt: withBrand(alt) }] };
  return {
    title: { absolute: title },
    description,
    ...(path !== undefined && { alternates: { canonical: path } }),
    openGraph: {
      type: 'website',
      siteName: `${site.name} ${site.division}`,
      locale: site.language.replace('-', '_'),
      ...shared,
      ...(path !== undefined && { url: path }),
    },
    twitter: { card: 'summary_large_image', ...shared },
  };
}
