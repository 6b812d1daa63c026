/** An e-mail address opening the mail program; its text is the address alone, read as written. */
export function EmailLink({ email }: { email: string }) {
  return <a href={`mailto:${email}`}>{email}</a>;
}
