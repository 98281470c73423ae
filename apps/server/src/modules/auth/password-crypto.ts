import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import type { Database } from '../../db/client';
import { systemKeys } from '../../db/schema';

export interface PasswordCrypto {
  /** PEM (SPKI) published in /project.config.json */
  publicKeyPem: string;
  /** base64 RSA-PKCS#1-v1.5 ciphertext → the UTF-8 password, or null when it does not decrypt */
  decrypt(cipherBase64: string): string | null;
}

const KEY_NAME = 'password-transport-rsa';

/**
 * The RSA key pair for password transport (ARCHITECTURE §3). Kept in the database so every
 * instance behind a load balancer publishes the same key; created once, race-safe.
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
  const privateKey = forge.pki.privateKeyFromPem(row.value);
  const publicKey = forge.pki.setRsaPublicKey(privateKey.n, privateKey.e);
  const publicKeyPem = forge.pki.publicKeyToPem(publicKey);
  return {
    publicKeyPem,
    decrypt(cipherBase64) {
      try {
        const bytes = forge.util.decode64(cipherBase64);
        if (bytes.length !== 256) return null;
        // Node 20 refuses PKCS#1 v1.5 in privateDecrypt (CVE-2023-46809); node-forge still does it.
        const plain = privateKey.decrypt(bytes, 'RSAES-PKCS1-V1_5');
        const text = forge.util.decodeUtf8(plain);
        return text.length > 0 && text.length <= 128 ? text : null;
      } catch {
        return null;
      }
    },
  };
}

/** Encrypts as the browser does (jsencrypt); used by tests, the bench and HIS integrations. */
export function encryptForTransport(publicKeyPem: string, password: string): string {
  const key = forge.pki.publicKeyFromPem(publicKeyPem);
  return forge.util.encode64(key.encrypt(forge.util.encodeUtf8(password), 'RSAES-PKCS1-V1_5'));
}
