import { createHmac, timingSafeEqual } from 'node:crypto'

// Download links (docs/decisions/0020-issued-certificates-licenses-downloads.md): an HMAC-SHA256 over the file, the product,
// the order, the payer and the expiry, with a key derived from the server's token secret for this one
// purpose. Changing any part of the link, or using it after its expiry, makes it worthless.

export type DownloadGrant = { fileId: number; productId: number; orderId: number; payerUserId: number | null; expires: number }

/** The signing key: the server secret narrowed to download links (a token signature never verifies as one). */
export function downloadSigningKey(secret: Uint8Array): Buffer {
  return createHmac('sha256', secret).update('sellfront:download-links').digest()
}

function payload(grant: DownloadGrant): string {
  return `v1.${grant.fileId}.${grant.productId}.${grant.orderId}.${grant.payerUserId ?? 0}.${grant.expires}`
}

export function signDownload(key: Buffer, grant: DownloadGrant): string {
  return createHmac('sha256', key).update(payload(grant)).digest('base64url')
}

/** 'ok', 'forged' (the signature does not fit the parts) or 'expired' (fits, but `nowSeconds` is past the expiry). */
export function checkDownload(key: Buffer, grant: DownloadGrant, signature: string, nowSeconds: number): 'ok' | 'forged' | 'expired' {
  const expected = Buffer.from(signDownload(key, grant))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged'
  return grant.expires <= nowSeconds ? 'expired' : 'ok'
}

/** The link's path and query (the caller puts the application's address in front). */
export function downloadPath(grant: DownloadGrant, signature: string): string {
  const query = new URLSearchParams({
    product: String(grant.productId), order: String(grant.orderId), payer: String(grant.payerUserId ?? 0), expires: String(grant.expires), sig: signature,
  })
  return `/api/v1/downloads/${grant.fileId}?${query.toString()}`
}
