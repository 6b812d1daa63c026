import { logoMark } from './logo-mark';
import styles from './logo.module.css';

type LogoProps = {
  /** The bank's name, the logo's first line. */
  name: string;
  /** The division, the logo's second line. */
  division: string;
  /** What screen readers say for the link; it starts with the words the logo shows. */
  accessibleName: string;
  /** Where the logo leads. */
  href: string;
};

/**
 * The bank's mark and name, linking home. The two lines of its name are separated by a space in the
 * text, so that its accessible name begins with the words it shows (WCAG 2.5.3, label in name).
 */
export function Logo({ name, division, accessibleName, href }: LogoProps) {
  const { size } = logoMark;
  return (
    <a className={styles.root} href={href} aria-label={accessibleName}>
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
