import type { MetadataRoute } from 'next';
import { pageRoutes } from '@/lib/routes';
import { absoluteUrl } from '@/lib/site-url';

export const dynamic = 'force-static';

export default function sitemap(): MetadataRoute.Sitemap {
  return pageRoutes.map((path) => ({ url: absoluteUrl(path) }));
}
