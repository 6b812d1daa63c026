import type { CountryPage, Site } from '@/content/schema';

/**
 * The words drawn on the share image. `npm run images` stores them in the PNG, and the content check
 * warns when they no longer match the content, for example after the bank is renamed.
 */
export function shareImageTitle(
  { name, division }: Partial<Pick<Site, 'name' | 'division'>>,
  { title }: Partial<Pick<CountryPage, 'title'>>,
): string {
  return `${name} ${division}: ${title}`;
}
