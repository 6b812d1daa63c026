import type { ButtonLink as ButtonLinkContent } from '@/content/schema';
import styles from './button.module.css';

type ButtonLinkProps = ButtonLinkContent & {
  /** The background it sits on: the page, or the dark band of the top bar. */
  surface?: 'light' | 'dark';
  /** When set, the link opens in a new tab and this text tells screen-reader users so. */
  newTabNotice?: string;
};

/** A link drawn as a button: 'primary' filled, 'secondary' outlined. */
export function ButtonLink({ label, href, variant, surface, newTabNotice }: ButtonLinkProps) {
  const opensInNewTab = newTabNotice !== undefined;
  return (
    <a
      className={styles.root}
      data-variant={variant}
      data-surface={surface ?? 'light'}
      href={href}
      {...(opensInNewTab && { target: '_blank', rel: 'noopener noreferrer' })}
    >
      {label}
      {opensInNewTab && (
        // The icon shows sighted visitors that the link opens a new tab; the hidden text tells
        // screen-reader users, for whom the icon is hidden.
        <>
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
            <path d="M6 3H3v10h10v-3M9 3h4v4M13 3 7 9" />
          </svg>
          <span className="site-visually-hidden"> {newTabNotice}</span>
        </>
      )}
    </a>
  );
}
