import {
  constants,
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  privateDecrypt,
  publicEncrypt,
} from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { systemKeys } from '../../db/schema';

export interface PasswordCrypto {
  /** PEM (SPKI) published in /project.config.json */
  publicKeyPem: string;
  /**
   * base64 RSA-PKCS#1-v1.5 ciphertext → the UTF-8 password; null only when the input is not a
   * ciphertext of this key's size at all.
   */
  decrypt(cipherBase64: string): string | null;
}

const KEY_NAME = 'password-transport-rsa';
const MAX_PASSWORD_BYTES = 128;
const REJECTION_BYTES = 16;

/** 1 when `x` is 0, else 0; for 0 <= x < 2^31 (bytes, indices), without a branch. */
function isZeroBit(x: number): number {
  return (x - 1) >>> 31;
}

/** 1 when a < b, else 0; for 0 <= a, b < 2^31, without a branch. */
function lessThanBit(a: number, b: number): number {
  return (a - b) >>> 31;
}

/**
 * Removes PKCS#1 v1.5 type-2 padding (00 02 PS 00 M) from a raw RSA block. A block whose padding
 * is wrong does not produce an error the caller could tell apart (that would be a Bleichenbacher
 * oracle): it yields a 16-byte password derived from the block with a key (the "implicit rejection"
 * of OpenSSL 3.2+; RFC 8017 §7.2.2 asks that the errors not be told apart), which then fails like
 * any wrong password.
 *
 * Constant time whatever the block, so the time taken does not tell where (or whether) the separator
 * is, nor whether the padding was valid: every byte is visited, validity and the separator index are
 * folded in with arithmetic (0/1 bits widened to 0/-1 masks), the message is moved to the front with
 * a shift by each bit of its offset (all log2(k) passes run, each over the whole block, so no memory
 * access depends on the offset), and the result is chosen between message and rejection value with
 * masks into a buffer of the maximum length. The rejection hash is computed for every block, valid or
 * not. Only the final `subarray` on the chosen length depends on a secret: the length of a valid
 * password is public anyway (the password check that follows takes the same time whatever it is,
 * and the argon2 cost dwarfs a slice), and invalid blocks always give 16 bytes. An empty message is
 * treated as invalid so that the caller never sees a distinguishable "valid but empty" result.
 * (JavaScript engines give no hard guarantee about the machine code, but this code has no
 * data-dependent branch or index for the JIT to keep.)
 */
export function unpad(block: Buffer, implicitRejectionKey: Buffer): Buffer {
  const k = block.length;
  const rejection = Buffer.alloc(MAX_PASSWORD_BYTES);
  createHash('sha256')
    .update(implicitRejectionKey)
    .update(block)
    .digest()
    .copy(rejection, 0, 0, REJECTION_BYTES);

  let good = isZeroBit(block[0]) & isZeroBit(block[1] ^ 2);
  let found = 0;
  let separator = 0;
  for (let i = 2; i < k; i++) {
    const first = isZeroBit(block[i]) & (found ^ 1);
    separator |= -first & i;
    found |= first;
  }
  const messageStart = separator + 1;
  const messageLength = k - messageStart;
  good &= found;
  good &= lessThanBit(separator, 10) ^ 1; // at least 8 bytes of PS
  good &= lessThanBit(messageLength, MAX_PASSWORD_BYTES + 1);
  good &= isZeroBit(messageLength) ^ 1;
  const goodMask = -good;

  // work[0..] = block[messageStart..]: shift left by each set bit of messageStart in turn
  const work = Buffer.alloc(Math.max(k, MAX_PASSWORD_BYTES));
  block.copy(work);
  for (let step = 1; step < k; step <<= 1) {
    const shift = -(isZeroBit(messageStart & step) ^ 1);
    for (let i = 0; i + step < k; i++) work[i] = (work[i + step] & shift) | (work[i] & ~shift);
  }

  const out = Buffer.alloc(MAX_PASSWORD_BYTES);
  for (let i = 0; i < MAX_PASSWORD_BYTES; i++) {
    const fromMessage = goodMask & -lessThanBit(i, messageLength);
    out[i] = (work[i] & fromMessage) | (rejection[i] & ~goodMask);
  }
  const length = (messageLength & goodMask) | (REJECTION_BYTES & ~goodMask);
  return out.subarray(0, length);
}

/** The password-transport decryption for one private key (PEM); `loadPasswordCrypto` keeps the key. */
export function passwordCryptoFromPem(privateKeyPem: string): PasswordCrypto {
  const privateKey: KeyObject = createPrivateKey(privateKeyPem);
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  const modulusBytes = (privateKey.asymmetricKeyDetails?.modulusLength ?? 2048) / 8;
  const implicitRejectionKey = createHash('sha256').update(privateKeyPem).digest();
  return {
    publicKeyPem,
    decrypt(cipherBase64) {
      const cipher = Buffer.from(cipherBase64, 'base64');
      if (cipher.length !== modulusBytes) return null;
      let block: Buffer;
      try {
        block = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, cipher);
      } catch {
        return null; // not below the modulus: not a ciphertext of this key
      }
      // never empty (an empty message counts as invalid padding); decoding depends on the password
      // bytes and their length only, which the password check that follows handles anyway
      return unpad(block, implicitRejectionKey).toString('utf8');
    },
  };
}

/**
 * The RSA key pair for password transport (ARCHITECTURE §3). Kept in the database so every
 * instance behind a load balancer publishes the same key; created once, race-safe.
 * Decryption is OpenSSL's raw RSA plus the unpadding above: Node 20 refuses PKCS#1 v1.5 in
 * privateDecrypt, and a pure-JavaScript RSA (node-forge) held the event loop ~19 ms per login.
 */
export async function loadPasswordCrypto(db: Database): Promise<PasswordCrypto> {
  let [row] = await db.select().from(systemKeys).where(eq(systemKeys.name, KEY_NAME));
  if (!row) {
    const { privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    await db.insert(systemKeys).values({ name: KEY_NAME, value: privateKey }).onConflictDoNothing();
    [row] = await db.select().from(systemKeys).where(eq(systemKeys.name, KEY_NAME));
  }
  return passwordCryptoFromPem(row.value);
}

/** Encrypts as the browser does (jsencrypt, PKCS#1 v1.5); used by tests, the bench and HIS integrations. */
export function encryptForTransport(publicKeyPem: string, password: string): string {
  return publicEncrypt(
    { key: publicKeyPem, padding: constants.RSA_PKCS1_PADDING },
    Buffer.from(password, 'utf8'),
  ).toString('base64');
}
