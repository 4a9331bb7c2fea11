import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'
import nodemailer from 'nodemailer'
import type { OutgoingMail } from './mailer'

// A seller's own mail server (docs/decisions/0084-custom-smtp-and-double-opt-in.md): one nodemailer transport
// per send, built from the seller's settings. The host is resolved first and every address it answers must be a
// public unicast one (loopback only when SELLER_SMTP_ALLOW_LOOPBACK is on), so a seller cannot make the platform
// talk to its own network; the transport then connects to the checked address (pinned), and TLS still checks the
// certificate against the host name the seller typed.

export type SellerSmtp = {
  host: string
  port: number
  security: 'tls' | 'starttls' | 'none'
  username: string | null
  password: string | null
  fromEmail: string
  fromName: string | null
}

export type SellerMailerOptions = { allowLoopback: boolean; timeoutMs: number }

/** A failure of the seller's server, with the server's own words when it answered. */
export class SellerSmtpError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SellerSmtpError'
  }
}

/** Tests replace the resolver (a name answering a private address); null restores the system's. */
type Resolver = (host: string) => Promise<{ address: string }[]>
let resolver: Resolver = (host) => lookup(host, { all: true, verbatim: true })
export function setSmtpResolverForTests(replacement: Resolver | null): void {
  resolver = replacement ?? ((host) => lookup(host, { all: true, verbatim: true }))
}

function rangeOf(address: string): string {
  let parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address()
  return parsed.range()
}

/** The address to connect to: every address of the host must be allowed; throws SellerSmtpError naming the reason. */
export async function checkedSmtpAddress(host: string, allowLoopback: boolean): Promise<string> {
  const bare = host.replace(/^\[|\]$/g, '')
  let addresses: string[]
  if (isIP(bare)) addresses = [bare]
  else {
    try {
      addresses = (await resolver(bare)).map((a) => a.address)
    } catch {
      throw new SellerSmtpError(`The host ${bare} could not be resolved`)
    }
    if (addresses.length === 0) throw new SellerSmtpError(`The host ${bare} could not be resolved`)
  }
  for (const address of addresses) {
    if (!ipaddr.isValid(address)) throw new SellerSmtpError(`The host ${bare} resolved to an invalid address`)
    const range = rangeOf(address)
    if (range !== 'unicast' && !(allowLoopback && range === 'loopback')) {
      throw new SellerSmtpError(`The host ${bare} resolves to ${address}, a ${range} address; a mail server must be reachable on a public address`)
    }
  }
  return addresses[0]!
}

/** The words to show of a nodemailer failure: the server's answer when there is one, else the error's message. */
export function smtpErrorText(error: unknown): string {
  const e = error as { response?: unknown; message?: unknown; code?: unknown }
  const text = typeof e.response === 'string' && e.response ? e.response : typeof e.message === 'string' ? e.message : String(error)
  const code = typeof e.code === 'string' && !text.includes(e.code) ? ` (${e.code})` : ''
  return `${text}${code}`.slice(0, 500)
}

/** Sends one mail through the seller's server (a test mail too); throws SellerSmtpError with the server's words. */
export async function sendThroughSellerSmtp(settings: SellerSmtp, mail: OutgoingMail, options: SellerMailerOptions): Promise<void> {
  const address = await checkedSmtpAddress(settings.host, options.allowLoopback)
  const bare = settings.host.replace(/^\[|\]$/g, '')
  const transport = nodemailer.createTransport({
    host: address, port: settings.port,
    secure: settings.security === 'tls', requireTLS: settings.security === 'starttls', ignoreTLS: settings.security === 'none',
    ...(settings.username ? { auth: { user: settings.username, pass: settings.password ?? '' } } : {}),
    ...(isIP(bare) ? {} : { tls: { servername: bare } }),
    connectionTimeout: options.timeoutMs, greetingTimeout: options.timeoutMs, socketTimeout: options.timeoutMs,
  })
  try {
    await transport.sendMail({ from: settings.fromName ? { name: settings.fromName, address: settings.fromEmail } : settings.fromEmail, ...mail })
  } catch (error) {
    throw new SellerSmtpError(smtpErrorText(error))
  } finally {
    transport.close()
  }
}
