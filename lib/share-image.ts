import type { Content } from '@/content/schema';

/** The words on the share image: its PNG stores them, and the content check warns when stale. */
export function shareImageTitle(
  { name, division }: Partial<Pick<Content['site'], 'name' | 'division'>>,
  { title }: Partial<Pick<Content['southAfrica'], 'title'>>,
): string {
  return `${name} ${division}: ${title}`;
}
