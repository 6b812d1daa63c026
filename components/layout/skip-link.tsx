import styles from './skip-link.module.css';

type SkipLinkProps = {
  /** Id of the element to jump to, with '#'. */
  href: `#${string}`;
  label: string;
};

/** First link of every page: keyboard users jump past the header. Visible only when focused. */
export function SkipLink({ href, label }: SkipLinkProps) {
  return (
    <a className={styles.root} href={href}>
      {label}
    </a>
  );
}
