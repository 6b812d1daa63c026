import type { Content } from '@/content/schema';
import { fillTemplate } from '@/lib/template';
import { logoMark } from './logo-mark';
import styles from './logo.module.css';

/**
 * The bank's mark and name, linking home. A space parts the name's two lines so the accessible name
 * begins with the words shown (WCAG 2.5.3, label in name).
 */
export function Logo({ name, division, logoLabel, logoHref }: Content['site']) {
  const { size } = logoMark;
  const label = fillTemplate(logoLabel, { name, division });
  return (
    <a className={styles.root} href={logoHref} aria-label={label}>
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
