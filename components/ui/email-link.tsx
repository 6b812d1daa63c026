/**
 * An e-mail address that opens the visitor's mail program. Its text is the address alone, so screen
 * readers say it as written; on a narrow screen it wraps where it must (overflow-wrap on the page).
 */
export function EmailLink({ email }: { email: string }) {
  return <a href={`mailto:${email}`}>{email}</a>;
}
