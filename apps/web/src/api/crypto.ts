import { JSEncrypt } from 'jsencrypt';
import { runtimeConfig } from '../config';

/**
 * Password transport (ARCHITECTURE §3): base64 of RSA-PKCS#1-v1.5(publicKey, UTF-8 password), with the
 * key from /project.config.json. jsencrypt works on plain-HTTP intranet origins where WebCrypto is absent.
 */
export function encryptPassword(plain: string, publicKey = runtimeConfig().publicKey): string {
  if (!publicKey) throw new Error('The password encryption key is missing from /project.config.json');
  const rsa = new JSEncrypt();
  rsa.setPublicKey(publicKey);
  const encrypted = rsa.encrypt(plain);
  if (!encrypted) throw new Error('The password could not be encrypted');
  return encrypted;
}
