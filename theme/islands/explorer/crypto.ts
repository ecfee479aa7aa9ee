// Encodings and the HMAC signature, with the platform's own WebCrypto (no library).

export type HmacHash = 'SHA-256' | 'SHA-1' | 'SHA-512'
export type SignatureEncoding = 'hex' | 'base64'

export function toBase64(bytes: Uint8Array): string {
  let s = ''
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(s)
}

export const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')

/** base64 of the UTF-8 bytes (btoa alone throws on anything outside Latin-1). */
export const base64Utf8 = (text: string): string => toBase64(new TextEncoder().encode(text))

/** `Basic base64(username:password)` (RFC 7617, UTF-8). */
export const basicAuth = (username: string, password: string): string =>
  `Basic ${base64Utf8(`${username}:${password}`)}`

/** WebCrypto exists only in secure contexts (https://, localhost). */
export const canSign = (): boolean =>
  typeof globalThis.crypto !== 'undefined' && typeof globalThis.crypto.subtle !== 'undefined'

/** HMAC of `data` with the UTF-8 bytes of `secret`: lowercase hex or base64. */
export async function hmac(
  secret: string,
  data: Uint8Array<ArrayBuffer>,
  hash: HmacHash,
  encoding: SignatureEncoding,
): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash },
    false,
    ['sign'],
  )
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', key, data))
  return encoding === 'base64' ? toBase64(signature) : toHex(signature)
}
