import type { MetadataRoute } from 'next';
import { absoluteUrl } from '@/lib/site-url';

// A static export needs every route written at build time.
export const dynamic = 'force-static';

export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: '*', allow: '/' },
    sitemap: absoluteUrl('/sitemap.xml'),
  };
}
