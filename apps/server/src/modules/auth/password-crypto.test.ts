import { constants, generateKeyPairSync, publicEncrypt, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptForTransport, passwordCryptoFromPem, unpad } from './password-crypto';

const K = 256;
const KEY = Buffer.alloc(32, 7);

/** 00 02 PS 00 M of K bytes, PS non-zero unless `ps` says otherwise. */
function block(message: Buffer, options: { first?: number; second?: number; psLength?: number } = {}) {
  const psLength = options.psLength ?? K - 3 - message.length;
  const b = Buffer.alloc(K);
  b[0] = options.first ?? 0;
  b[1] = options.second ?? 2;
  for (let i = 0; i < psLength; i++) b[2 + i] = 1 + (i % 255);
  b[2 + psLength] = 0;
  message.copy(b, 3 + psLength);
  return b;
}

function expectRejected(b: Buffer) {
  const out = unpad(b, KEY);
  expect(out.length).toBe(16);
  // the same block always gives the same derived value (a retry fails the same way)
  expect(unpad(Buffer.from(b), KEY)).toEqual(out);
  // and it depends on the key, so nobody can compute it from the ciphertext alone
  expect(unpad(b, Buffer.alloc(32, 8))).not.toEqual(out);
  return out;
}

describe('unpad (PKCS#1 v1.5 type 2, constant time)', () => {
  it('returns the message for valid blocks, whatever the position of the separator', () => {
    for (const length of [1, 2, 16, 31, 64, 100, 127, 128]) {
      const message = Buffer.alloc(length);
      for (let i = 0; i < length; i++) message[i] = 0x20 + ((i * 7) % 90);
      expect(unpad(block(message), KEY)).toEqual(message);
    }
  });

  it('keeps zero bytes inside the message (only the first zero after 00 02 separates)', () => {
    const message = Buffer.from([0x41, 0, 0x42, 0]);
    expect(unpad(block(message), KEY)).toEqual(message);
  });

  it('accepts exactly 8 bytes of padding string (separator at index 10)', () => {
    const b = Buffer.alloc(K);
    b[1] = 2;
    b.fill(0xff, 2, 10);
    b[10] = 0;
    b.fill(0x61, 11);
    // 245 bytes of message is over the 128-byte limit: rejected, the boundary is checked below
    expectRejected(b);
    const short = Buffer.alloc(11 + 5);
    short[1] = 2;
    short.fill(0xff, 2, 10);
    short[10] = 0;
    short.write('hello', 11);
    expect(unpad(short, KEY).toString()).toBe('hello');
  });

  it('rejects a zero byte in the padding string positions 2..9 (separator before index 10)', () => {
    for (let position = 2; position <= 9; position++) {
      const b = block(Buffer.from('Secret@2026'));
      b[position] = 0;
      const out = expectRejected(b);
      expect(out.toString('latin1')).not.toContain('Secret@2026');
    }
  });

  it('rejects a wrong first or second byte', () => {
    expectRejected(block(Buffer.from('Secret@2026'), { first: 1 }));
    expectRejected(block(Buffer.from('Secret@2026'), { second: 1 }));
    expectRejected(block(Buffer.from('Secret@2026'), { second: 0 }));
    expectRejected(block(Buffer.from('Secret@2026'), { first: 2, second: 0 }));
  });

  it('rejects a block without a separator', () => {
    const b = Buffer.alloc(K, 0x5a);
    b[0] = 0;
    b[1] = 2;
    expectRejected(b);
  });

  it('rejects a message longer than 128 bytes', () => {
    expectRejected(block(Buffer.alloc(129, 0x61)));
    expectRejected(block(Buffer.alloc(200, 0x61)));
  });

  it('rejects an empty message (the separator in the last byte)', () => {
    expectRejected(block(Buffer.alloc(0)));
  });

  it('gives different derived values for different invalid blocks', () => {
    const a = expectRejected(block(Buffer.from('one'), { second: 1 }));
    const b = expectRejected(block(Buffer.from('two'), { second: 1 }));
    expect(a).not.toEqual(b);
  });
});

describe('passwordCryptoFromPem', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const crypto = passwordCryptoFromPem(privateKey);
  const raw = (b: Buffer) =>
    publicEncrypt({ key: publicKey, padding: constants.RSA_NO_PADDING }, b).toString('base64');

  it('decrypts what the browser encrypts', () => {
    expect(crypto.decrypt(encryptForTransport(crypto.publicKeyPem, 'Nurse@2026'))).toBe('Nurse@2026');
    expect(crypto.decrypt(encryptForTransport(crypto.publicKeyPem, '密码Pässwort'))).toBe('密码Pässwort');
  });

  it('decrypts crafted blocks with the separator at several positions', () => {
    for (const text of ['a', 'Nurse@2026', 'x'.repeat(128)]) {
      expect(crypto.decrypt(raw(block(Buffer.from(text))))).toBe(text);
    }
  });

  it('turns a badly padded ciphertext into the same non-empty wrong password every time', () => {
    const bad = block(Buffer.from('Nurse@2026'));
    bad[5] = 0;
    const cipher = raw(bad);
    const first = crypto.decrypt(cipher);
    expect(first).not.toBeNull();
    expect(first).not.toBe('Nurse@2026');
    expect(first?.length).toBeGreaterThan(0);
    expect(crypto.decrypt(cipher)).toBe(first);
    // an empty message is not told apart from bad padding either
    const empty = crypto.decrypt(raw(block(Buffer.alloc(0))));
    expect(empty).not.toBeNull();
    expect(empty?.length).toBeGreaterThan(0);
  });

  it('answers null only for input that is not a ciphertext of this key size', () => {
    expect(crypto.decrypt(randomBytes(100).toString('base64'))).toBeNull();
    expect(crypto.decrypt(Buffer.alloc(K, 0xff).toString('base64'))).toBeNull(); // above the modulus
  });
});
