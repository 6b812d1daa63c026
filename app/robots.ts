import type { MetadataRoute } from 'next';
import { absoluteUrl } from '@/lib/site-url';

// A static export needs every route written at build time: out/robots.txt.
export const dynamic = 'force-static';

/** Lets every crawler read every page, and tells it where the sitemap is. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: '*', allow: '/' },
    sitemap: absoluteUrl('/sitemap.xml'),
  };
}
