import type { CountryPage, Site } from '@/content/schema';

/** The words on the share image: its PNG stores them, and the content check warns when stale. */
export function shareImageTitle(
  { name, division }: Partial<Pick<Site, 'name' | 'division'>>,
  { title }: Partial<Pick<CountryPage, 'title'>>,
): string {
  return `${name} ${division}: ${title}`;
}
