import type { MetadataRoute } from 'next';
import { pageRoutes } from '@/lib/routes';
import { absoluteUrl } from '@/lib/site-url';

// A static export needs every route written at build time: out/sitemap.xml.
export const dynamic = 'force-static';

/** Every page with an address of its own; the not-found page is never indexed, so is left out. */
export default function sitemap(): MetadataRoute.Sitemap {
  return pageRoutes.map((path) => ({ url: absoluteUrl(path) }));
}
