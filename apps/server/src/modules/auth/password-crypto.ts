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

/**
 * Removes PKCS#1 v1.5 type-2 padding (00 02 PS 00 M) from a raw RSA block. A block whose padding
 * is wrong does not produce an error the caller could tell apart (that would be a Bleichenbacher
 * oracle): it yields a password derived from the block, which then fails like any wrong password.
 */
function unpad(block: Buffer, implicitRejectionKey: Buffer): Buffer {
  let separator = -1;
  for (let i = 2; i < block.length; i++) {
    if (block[i] === 0) {
      separator = i;
      break;
    }
  }
  const valid =
    block[0] === 0 && block[1] === 2 && separator >= 10 && block.length - separator - 1 <= MAX_PASSWORD_BYTES;
  if (valid) return block.subarray(separator + 1);
  return createHash('sha256').update(implicitRejectionKey).update(block).digest().subarray(0, 16);
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
  const privateKey: KeyObject = createPrivateKey(row.value);
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  const modulusBytes = (privateKey.asymmetricKeyDetails?.modulusLength ?? 2048) / 8;
  const implicitRejectionKey = createHash('sha256').update(row.value).digest();
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
      const text = unpad(block, implicitRejectionKey).toString('utf8');
      return text.length > 0 ? text : null;
    },
  };
}

/** Encrypts as the browser does (jsencrypt, PKCS#1 v1.5); used by tests, the bench and HIS integrations. */
export function encryptForTransport(publicKeyPem: string, password: string): string {
  return publicEncrypt(
    { key: publicKeyPem, padding: constants.RSA_PKCS1_PADDING },
    Buffer.from(password, 'utf8'),
  ).toString('base64');
}
