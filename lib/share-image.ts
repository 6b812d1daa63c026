import type { Content } from '@/content/schema';

/** The words on the share image: its PNG stores them, and the content check warns when stale. */
export function shareImageTitle(site: Content['site'], page: Content['southAfrica']): string {
  return `${site.name} ${site.division}: ${page.title}`;
}
