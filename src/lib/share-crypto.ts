/**
 * The professional's link, end to end (issue 42, decision 0035): a fresh 256-bit key from Web
 * Crypto, the summary as a compact JWE (`dir`, `A256GCM`) through `jose`; the key travels only
 * in the link's fragment, which browsers never send to a server.
 */
import { CompactEncrypt, compactDecrypt } from 'jose';

const HEADER = { alg: 'dir', enc: 'A256GCM' } as const;

const toBase64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

function fromBase64url(text: string): Uint8Array {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (c) => c.charCodeAt(0));
}

/** Encrypts `data` (as JSON) under a new key; the key comes back as base64url, for the fragment. */
export async function encryptForLink(data: unknown): Promise<{ ciphertext: string; key: string }> {
  const key = crypto.getRandomValues(new Uint8Array(32));
  const ciphertext = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(data)))
    .setProtectedHeader(HEADER)
    .encrypt(key);
  return { ciphertext, key: toBase64url(key) };
}

/** Decrypts what the link's server gave with the fragment's key; throws when either is wrong. */
export async function decryptFromLink<T = unknown>(ciphertext: string, key: string): Promise<T> {
  const { plaintext } = await compactDecrypt(ciphertext, fromBase64url(key), {
    keyManagementAlgorithms: ['dir'],
    contentEncryptionAlgorithms: ['A256GCM'],
  });
  return JSON.parse(new TextDecoder().decode(plaintext)) as T;
}
