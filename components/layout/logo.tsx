import type { Site } from '@/content/schema';
import { fillTemplate } from '@/lib/template';
import styles from './logo.module.css';

type LogoProps = Pick<Site, 'name' | 'division' | 'logoLabel' | 'logoHref'>;

/**
 * The bank's mark and name, linking home. The two lines of its name are separated by a space in
 * the text, so that its accessible name begins with the words it shows (WCAG 2.5.3, label in name).
 */
export function Logo({ name, division, logoLabel, logoHref }: LogoProps) {
  return (
    <a
      className={styles.root}
      href={logoHref}
      aria-label={fillTemplate(logoLabel, { name, division })}
    >
      <svg className={styles.mark} viewBox="0 0 40 40" width="40" height="40" aria-hidden="true">
        <rect width="40" height="40" rx="3" fill="currentColor" />
        <path d="M9 27 20 11l11 16-11-6-11 6Z" fill="#fff" />
        <path d="M14 30h12" stroke="#fff" strokeWidth="2" />
      </svg>
      <span className={styles.text}>
        <span className={styles.name}>{name}</span>{' '}
        <span className={styles.division}>{division}</span>
      </span>
    </a>
  );
}
