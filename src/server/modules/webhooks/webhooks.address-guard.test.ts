import { afterEach, describe, expect, test } from 'vitest'
import { addressAllowed, checkWebhookUrl, setHostResolverForTests } from './webhooks.address-guard'

// The SSRF guard's rules (docs/decisions/0072-signed-webhooks.md "SSRF") without the network: every
// resolved address must be public unicast; loopback only with the switch.

afterEach(() => setHostResolverForTests(null))

const refusal = async (url: string, allowLoopback = false) => {
  try {
    await checkWebhookUrl(url, { allowLoopback })
    return null
  } catch (error) {
    return (error as { type: string }).type
  }
}

describe('checkWebhookUrl', () => {
  test.each([
    'http://127.0.0.1/', 'http://127.8.9.10/', 'http://10.0.0.1/', 'http://172.16.0.1/', 'http://192.168.1.1/', 'http://169.254.169.254/',
    'http://[::1]/', 'http://[fe80::1]/', 'http://[fd00::1]/', 'http://100.64.0.1/', 'http://0.0.0.0/', 'http://224.0.0.1/', 'http://255.255.255.255/',
    'http://2130706433/', 'http://0x7f000001/', 'http://017700000001/', 'http://[::ffff:169.254.169.254]/', 'ftp://example.com/', 'gopher://x/', 'not a url',
    'http://user:pw@93.184.216.34/',
  ])('refuses %s', async (url) => {
    expect(await refusal(url)).toBe('url_not_allowed')
  })

  test('a name with any private answer is refused; a public one passes and is pinned', async () => {
    setHostResolverForTests(async (host) => host === 'mixed.test'
      ? [{ address: '93.184.216.34', family: 4 }, { address: '192.168.0.5', family: 4 }]
      : [{ address: '2606:2800:220:1::1', family: 6 }])
    expect(await refusal('https://mixed.test/')).toBe('url_not_allowed')
    const target = await checkWebhookUrl('https://public.test/in', { allowLoopback: false })
    expect(target).toMatchObject({ address: '2606:2800:220:1::1', family: 6 })
  })

  test('the loopback switch lets loopback through, and only loopback', async () => {
    expect(await refusal('http://127.0.0.1:8080/', true)).toBeNull()
    expect(await refusal('http://[::1]/', true)).toBeNull()
    expect(await refusal('http://2130706433/', true)).toBeNull()
    expect(await refusal('http://10.0.0.1/', true)).toBe('url_not_allowed')
    expect(await refusal('http://169.254.169.254/', true)).toBe('url_not_allowed')
    expect(addressAllowed('::ffff:127.0.0.1', true)).toBe(true)
    expect(addressAllowed('::ffff:10.0.0.1', true)).toBe(false)
  })
})
