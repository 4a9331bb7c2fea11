import { describe, expect, test } from 'vitest'
import { checkDownload, downloadPath, downloadSigningKey, signDownload, type DownloadGrant } from './downloads.signing'

// Download link signing (docs/decisions/0020-issued-certificates-licenses-downloads.md): any changed part or a passed expiry makes a link worthless.

const key = downloadSigningKey(new TextEncoder().encode('test-secret-test-secret-test-secret-0123'))
const grant: DownloadGrant = { fileId: 7, productId: 3, orderId: 11, payerUserId: 5, expires: 2_000_000_000 }

describe('download link signing', () => {
  test('a link verifies with its own parts until its expiry, then says expired', () => {
    const sig = signDownload(key, grant)
    expect(checkDownload(key, grant, sig, 1_999_999_999)).toBe('ok')
    expect(checkDownload(key, grant, sig, 2_000_000_000)).toBe('expired')
  })

  test('changing the file, product, order, payer or expiry, or another secret, makes it forged', () => {
    const sig = signDownload(key, grant)
    for (const change of [{ fileId: 8 }, { productId: 4 }, { orderId: 12 }, { payerUserId: 6 }, { payerUserId: null }, { expires: 2_000_000_001 }]) {
      expect(checkDownload(key, { ...grant, ...change }, sig, 0), JSON.stringify(change)).toBe('forged')
    }
    const otherKey = downloadSigningKey(new TextEncoder().encode('another-secret-another-secret-00000'))
    expect(checkDownload(otherKey, grant, sig, 0)).toBe('forged')
    expect(checkDownload(key, grant, `${sig.slice(0, -1)}A`, 0)).not.toBe('ok')
    expect(checkDownload(key, grant, '', 0)).toBe('forged')
  })

  test('the path carries every signed part', () => {
    const path = downloadPath(grant, 'abc')
    expect(path).toBe('/api/v1/downloads/7?product=3&order=11&payer=5&expires=2000000000&sig=abc')
  })
})
