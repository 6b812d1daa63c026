import type { Site } from '@/content/schema';
import { fillTemplate } from '@/lib/template';
import { logoMark } from './logo-mark';
import styles from './logo.module.css';

type LogoProps = Pick<Site, 'name' | 'division' | 'logoLabel' | 'logoHref'>;

/**
 * The bank's mark and name, linking home. The two lines of its name are separated by a space in
 * the text, so that its accessible name begins with the words it shows (WCAG 2.5.3, label in name).
 */
export function Logo({ name, division, logoLabel, logoHref }: LogoProps) {
  const { size } = logoMark;
  return (
    <a
      className={styles.root}
      href={logoHref}
      aria-label={fillTemplate(logoLabel, { name, division })}
    >
      <svg
        className={styles.mark}
        viewBox={`0 0 ${size} ${size}`}
        width={size}
        height={size}
        aria-hidden="true"
      >
        <rect width={size} height={size} rx={logoMark.radius} fill="currentColor" />
        <path d={logoMark.roof} fill="#fff" />
        <path d={logoMark.base} stroke="#fff" strokeWidth={logoMark.baseWidth} />
      </svg>
      <span className={styles.text}>
        <span className={styles.name}>{name}</span>{' '}
        <span className={styles.division}>{division}</span>
      </span>
    </a>
  );
}
