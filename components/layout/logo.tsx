import type { Content } from '@/content/schema';
import { fillTemplate } from '@/lib/template';
import { logoMark } from './logo-mark';
import styles from './logo.module.css';

/**
 * The bank's mark and name, linking home. The two lines of its name are separated by a space in the
 * text, so that its accessible name begins with the words it shows (WCAG 2.5.3, label in name).
 */
export function Logo({ name, division, logoLabel, logoHref }: Content['site']) {
  const { size } = logoMark;
  const accessibleName = fillTemplate(logoLabel, { name, division });
  return (
    <a className={styles.root} href={logoHref} aria-label={accessibleName}>
      <svg
        className={styles.mark}
        viewBox={`0 0 ${size} ${size}`}
        width={size}
        height={size}
        aria-hidden="true"
      >
        <rect width={size} height={size} rx={logoMark.radius} fill="currentColor" />
        <path d={logoMark.roof} />
        <path className={styles.base} d={logoMark.base} strokeWidth={logoMark.baseWidth} />
      </svg>
      <span className={styles.text}>
        <span className={styles.name}>{name}</span>{' '}
        <span className={styles.division}>{division}</span>
      </span>
    </a>
  );
}
