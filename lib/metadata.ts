import type { Metadata } from 'next';
import { site } from '@/content/site';
import { fillTemplate } from './template';

/**
 * The browser-tab title of a page.
 * @param title The page's own title, e.g. 'South Africa'.
 * @returns The full title, e.g. 'South Africa | Private Bank | Kestrel Bank'.
 */
export function pageTitle(title: string): string {
  return fillTemplate(site.pageTitle, { page: title, division: site.division, name: site.name });
}

/**
 * The metadata every page shares, filled in for one page.
 * @param title The page's own title.
 */
export function pageMetadata(title: string): Metadata {
  return { title: { absolute: pageTitle(title) } };
}
