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
 *
 * The signature is made in the service, with Node's crypto, rather than by `ssh-keygen -Y sign` in
 * a process of its own for each commit: on two cores, 20 proposals' processes each waited for the
 * others'. It is the signature `ssh-keygen -Y sign -n git` makes and git verifies (openssh's
 * PROTOCOL.sshsig): the same key, the same hash (SHA-512), the same armour. The key is the kind
 * docs/deploying.md makes, Ed25519 without a passphrase, as ssh-keygen writes it; the service reads
 * it once, as it starts, and checks that its public half is the one ssh-keygen reads from the same
 * file. No npm package makes this signature; the format is a few length-prefixed strings.
 */
import { execFileSync } from 'node:child_process';
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { readFileSync } from 'node:fs';

/** The trailer's name, which the approvers check reads. */
export const IDENTITY_TRAILER = 'Bank-Identity';

/** A commit message with the editor's bank identity as its last line, a trailer of its own. */
export const withIdentity = (message: string, email: string) =>
  `${message.trimEnd()}\n\n${IDENTITY_TRAILER}: ${email.toLowerCase()}\n`;

/** The namespace git signs commits in, which `ssh-keygen -Y verify -n git` asks for. */
const NAMESPACE = 'git';
const KEY_TYPE = 'ssh-ed25519';

/** SSH's wire format (RFC 4251): a string is its length, four bytes big-endian, then its bytes. */
function sshString(value: Buffer | string): Buffer {
  const bytes = typeof value === 'string' ? Buffer.from(value) : value;
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

/** Reads SSH's wire format in order, failing where the bytes run out. */
class WireReader {
  private at = 0;
  constructor(private readonly bytes: Buffer) {}
  uint32(): number {
    if (this.at + 4 > this.bytes.length) throw new Error('the key ends too soon');
    const value = this.bytes.readUInt32BE(this.at);
    this.at += 4;
    return value;
  }
  string(): Buffer {
    const length = this.uint32();
    if (this.at + length > this.bytes.length) throw new Error('the key ends too soon');
    const value = this.bytes.subarray(this.at, this.at + length);
    this.at += length;
    return value;
  }
  text(): string {
    return this.string().toString();
  }
}

/**
 * An OpenSSH private key file (openssh's PROTOCOL.key) holding one Ed25519 key, not encrypted.
 * @throws Error saying what the file is instead.
 */
function readEd25519Key(armoured: string): { privateKey: KeyObject; publicBlob: Buffer } {
  const body =
    /-----BEGIN OPENSSH PRIVATE KEY-----([\s\S]*?)-----END OPENSSH PRIVATE KEY-----/.exec(armoured);
  if (!body) throw new Error('it is not an OpenSSH private key');
  const bytes = Buffer.from(body[1]!.replace(/\s+/g, ''), 'base64');
  const magic = Buffer.from('openssh-key-v1\0');
  if (!bytes.subarray(0, magic.length).equals(magic))
    throw new Error('it is not an OpenSSH private key');
  const key = new WireReader(bytes.subarray(magic.length));
  const cipher = key.text();
  key.text(); // the key derivation's name, "none" where the cipher is
  key.string(); // its options
  if (cipher !== 'none') throw new Error('it is protected by a passphrase');
  if (key.uint32() !== 1) throw new Error('it holds more than one key');
  const publicBlob = key.string();
  const secret = new WireReader(key.string());
  if (secret.uint32() !== secret.uint32()) throw new Error('it is damaged');
  const type = secret.text();
  if (type !== KEY_TYPE) throw new Error(`it is a ${type} key, not an Ed25519 one`);
  const publicKey = secret.string();
  // Ed25519's secret half as OpenSSH keeps it: the 32-byte seed, then the public key again.
  const seedAndPublic = secret.string();
  if (publicKey.length !== 32 || seedAndPublic.length !== 64) throw new Error('it is damaged');
  const privateKey = createPrivateKey({
    key: {
      kty: 'OKP',
      crv: 'Ed25519',
      d: seedAndPublic.subarray(0, 32).toString('base64url'),
      x: publicKey.toString('base64url'),
    },
    format: 'jwk',
  });
  return { privateKey, publicBlob };
}

/** Signs commits as `ssh-keygen -Y sign -n git` does, with the service's key, in the service. */
export class CommitSigner {
  private constructor(
    private readonly privateKey: KeyObject,
    private readonly publicKey: KeyObject,
    private readonly publicBlob: Buffer,
    /** The key's public half as the allowed signers list it: `ssh-ed25519 AAAA…`. */
    readonly publicLine: string,
  ) {}

  /**
   * Reads the service's key, as it starts: it refuses to start rather than commit unsigned.
   * @throws Error in words, naming the file and what is wrong with it.
   */
  static fromFile(file: string): CommitSigner {
    const refuse = (why: string) =>
      new Error(
        `the editing service cannot sign with its signing key ${file} (EDITOR_SIGNING_KEY): ${why}; docs/deploying.md, the editing service`,
      );
    let armoured: string;
    try {
      armoured = readFileSync(file, 'utf8');
    } catch {
      throw refuse('it cannot be read');
    }
    let key: { privateKey: KeyObject; publicBlob: Buffer };
    try {
      key = readEd25519Key(armoured);
    } catch (error) {
      throw refuse((error as Error).message);
    }
    const publicLine = `${KEY_TYPE} ${key.publicBlob.toString('base64')}`;
    let sshKeygenReads: string;
    try {
      sshKeygenReads = execFileSync('ssh-keygen', ['-y', '-f', file], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch {
      throw refuse('ssh-keygen cannot read it');
    }
    // The public half ssh-keygen reads from the file, its comment aside, must be the one read here.
    if (sshKeygenReads.trim().split(' ').slice(0, 2).join(' ') !== publicLine)
      throw refuse('ssh-keygen reads another key from it');
    const publicKey = createPublicKey(key.privateKey);
    return new CommitSigner(key.privateKey, publicKey, key.publicBlob, publicLine);
  }

  /**
   * A commit's signature, armoured as git keeps it in the commit's gpgsig header.
   * @param payload The commit as git reads it to verify: every byte but the gpgsig header.
   * @throws Error where the signature made does not verify with the key's public half.
   */
  sign(payload: string): string {
    const preamble = Buffer.from('SSHSIG');
    const hash = 'sha512';
    const signed = Buffer.concat([
      preamble,
      sshString(NAMESPACE),
      sshString(''),
      sshString(hash),
      sshString(createHash(hash).update(payload).digest()),
    ]);
    const signature = sign(null, signed, this.privateKey);
    if (!verify(null, signed, this.publicKey, signature))
      throw new Error('the commit’s signature does not verify with the signing key');
    const version = Buffer.alloc(4);
    version.writeUInt32BE(1);
    const blob = Buffer.concat([
      preamble,
      version,
      sshString(this.publicBlob),
      sshString(NAMESPACE),
      sshString(''),
      sshString(hash),
      sshString(Buffer.concat([sshString(KEY_TYPE), sshString(signature)])),
    ]);
    // ssh-keygen's armour: base64 in lines of 70 characters.
    const lines = blob.toString('base64').match(/.{1,70}/g)!;
    return `-----BEGIN SSH SIGNATURE-----\n${lines.join('\n')}\n-----END SSH SIGNATURE-----\n`;
  }
}
