/**
 * Every commit the editing service makes is signed with an SSH key of the service's own
 * (EDITOR_SIGNING_KEY), and names the editor who made the change in one line of its message, a
 * trailer: `Bank-Identity: <the editor's bank e-mail>`. The approvers check (scripts/review/) takes
 * an author's bank identity from that line only in a commit whose signature verifies against the
 * allowed signers in main (.github/allowed-signers), so an editor needs no GitHub account, and no
 * GitHub account's e-mail can stand in for hers or hide her.
 *
 * The identity is the editor's e-mail address at the bank, as the bank's sign-in gives it
 * (X-Editor-Email, from the OpenID Connect provider's verified `email` claim: docs/deploying.md),
 * in lower case. Both sides can join on it: it is the name a bank's identity provider gives a
 * person in SAML (the NameID, at most providers the user principal name), what managed user
 * accounts are made from, and what a mapping of logins names. OpenID Connect's `sub` is not: some
 * providers give each application a different one for the same person.
 */
import { execFileSync } from 'node:child_process';

/** The trailer's name, which the approvers check reads. */
export const IDENTITY_TRAILER = 'Bank-Identity';

/**
 * git's options that sign a commit with the key: SSH signing (ssh-keygen -Y sign, namespace git),
 * whatever git's own settings on the server say.
 * @param key The private key's file, readable by the service alone.
 */
export const signingOptions = (key: string) => [
  '-c',
  'gpg.format=ssh',
  '-c',
  `user.signingKey=${key}`,
  '-c',
  'commit.gpgSign=true',
];

/** A commit message with the editor's bank identity as its last line, a trailer of its own. */
export const withIdentity = (message: string, email: string) =>
  `${message.trimEnd()}\n\n${IDENTITY_TRAILER}: ${email.toLowerCase()}\n`;

/**
 * The key's public half, as the allowed signers must list it; the service refuses to start when it
 * cannot read the key, rather than commit unsigned.
 * @throws Error in words, naming the file.
 */
export function signingPublicKey(key: string): string {
  try {
    return execFileSync('ssh-keygen', ['-y', '-f', key], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }).trim();
  } catch {
    throw new Error(
      `the editing service cannot read its signing key ${key} (EDITOR_SIGNING_KEY): docs/deploying.md, the editing service`,
    );
  }
}
