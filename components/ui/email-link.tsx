import { Fragment } from 'react';
import styles from './email-link.module.css';

/**
 * An e-mail link that a narrow line breaks only after the @ or before a dot (<wbr>); its name is the
 * address alone, since Chromium would read each <wbr> as a space.
 */
export function EmailLink({ email }: { email: string }) {
  return (
    <a className={styles.root} href={`mailto:${email}`} aria-label={email}>
      {email.split(/(?<=@)|(?=\.)/).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </a>
  );
}
