import { runtimeConfig } from '../config';

/**
 * Password transport (ARCHITECTURE §3): base64 of RSA-PKCS#1-v1.5(publicKey, UTF-8 password), with the
 * key from /project.config.json. jsencrypt works on plain-HTTP intranet origins where WebCrypto is absent;
 * it is loaded when a password is first sent, not with the login page.
 */
export async function encryptPassword(plain: string, publicKey = runtimeConfig().publicKey): Promise<string> {
  if (!publicKey) throw new Error('The password encryption key is missing from /project.config.json');
  const { JSEncrypt } = await import('jsencrypt');
  const rsa = new JSEncrypt();
  rsa.setPublicKey(publicKey);
  const encrypted = rsa.encrypt(plain);
  if (!encrypted) throw new Error('The password could not be encrypted');
  return encrypted;
}
