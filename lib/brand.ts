import { site } from '@/content/site';
import { fillTemplate } from './template';

/**
 * A content text with the bank's name and division filled in: the name is written once, in
 * content/site.ts, and every sentence that mentions it says {name} (and {division}).
 */
export function withBrand(text: string): string {
  return fillTemplate(text, { name: site.name, division: site.division });
}
