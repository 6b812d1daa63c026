/**
 * Whether a commit of a pull request was made by the editing service, and for whom: its SSH
 * signature must verify against main's allowed signers (.github/allowed-signers), with
 * `ssh-keygen -Y verify` in git's namespace, and its message must end with the service's identity
 * line (`Bank-Identity: <e-mail>`, editor/service/signing.ts), which the signature covers.
 *
 * The commit is read through GitHub's API, never checked out: the API gives the signed text (the
 * commit object without its signature, `verification.payload`) and the signature
 * (`verification.signature`). The object rebuilt from the two must hash to the commit's SHA, so
 * the text checked is the commit's own. GitHub's own verdict (`verification.verified`) is not
 * read: GitHub knows the keys of accounts, and the service's key belongs to none.
 *
 * Each key is checked as valid at the time of the check, not at the time the commit claims, which
 * whoever signed chose: a key past its `valid-before` verifies nothing any more, even a commit it
 * signed while it was valid (docs/deploying.md says how a rotation leaves time for open changes).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The service's identity line, the last line of each commit it makes. */
const IDENTITY_LINE = /^Bank-Identity: (\S+@\S+)$/;

/** What GitHub's API gives of a commit's signature. */
export type CommitSignature = {
  sha: string;
  payload: string | null;
  signature: string | null;
};

export type Verification =
  { verified: true; identity: string; signer: string } | { verified: false; why: string };

/**
 * The commit object as git stores it: the signature is the last header, `gpgsig`, its lines after
 * the first indented by one space (git's add_header_signature).
 */
function rebuiltObject(payload: string, signature: string): string {
  const end = payload.indexOf('\n\n');
  const [header, body] = end === -1 ? [payload, ''] : [payload.slice(0, end), payload.slice(end)];
  const lines = signature.replace(/\n$/, '').split('\n');
  return `${header}\ngpgsig ${lines.join('\n ')}${body || '\n'}`;
}

const sha1Of = (object: string) => {
  const bytes = Buffer.from(object, 'utf8');
  return createHash('sha1')
    .update(Buffer.concat([Buffer.from(`commit ${bytes.length}\0`), bytes]))
    .digest('hex');
};

/**
 * Verifies a commit's signature against the allowed signers, and reads the editor's bank identity
 * from its last line.
 * @param allowedSigners The allowed-signers file of main, as a path.
 */
export function verifyCommit(commit: CommitSignature, allowedSigners: string): Verification {
  const { payload, signature } = commit;
  if (!payload || !signature) return { verified: false, why: 'it is not signed' };
  if (!signature.startsWith('-----BEGIN SSH SIGNATURE-----'))
    return { verified: false, why: 'its signature is not an SSH signature' };
  if (sha1Of(rebuiltObject(payload, signature)) !== commit.sha.toLowerCase())
    return { verified: false, why: 'the signed text GitHub gave is not this commit' };
  const folder = mkdtempSync(path.join(tmpdir(), 'approvers-signature-'));
  try {
    const signatureFile = path.join(folder, 'signature');
    writeFileSync(signatureFile, signature.endsWith('\n') ? signature : `${signature}\n`);
    const keygen = (args: string[], input?: string) =>
      spawnSync('ssh-keygen', ['-Y', ...args, '-f', allowedSigners, '-s', signatureFile], {
        encoding: 'utf8',
        ...(input === undefined ? {} : { input }),
      });
    const found = keygen(['find-principals']);
    const signer = found.status === 0 ? found.stdout.trim().split('\n')[0] : undefined;
    if (!signer)
      return {
        verified: false,
        why: 'its key is not among the allowed signers of main, or not valid now',
      };
    if (keygen(['verify', '-n', 'git', '-I', signer], payload).status !== 0)
      return { verified: false, why: `its signature does not verify for ${signer}` };
    const identity = IDENTITY_LINE.exec(payload.trimEnd().split('\n').at(-1) ?? '')?.[1];
    if (!identity)
      return { verified: false, why: 'it is signed but its last line names no bank identity' };
    return { verified: true, identity: identity.toLowerCase(), signer };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
