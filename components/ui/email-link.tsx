/** An e-mail address that opens the visitor's mail program; narrow screens may break it before the '@'. */
export function EmailLink({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return (
    <a href={`mailto:${email}`}>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </a>
  );
}
