import { createRequire } from 'node:module'
import MangoPay from 'mangopay2-nodejs-sdk'
import type { Config } from '../../config'
import type { ProviderDocumentType, ProviderKycDocument, ProviderPayIn, ProviderPayout, ProviderRefund, ProviderUboDeclaration, ProviderUser } from './mangopay-states'

// The e-money provider (docs/decisions/0049-money-out.md "Rails"): a small client over its official SDK.
// It talks to the provider and nothing else (no database, no transaction), like the payment providers in
// src/server/payments/providers. Each call that creates something carries an idempotency key naming our
// row, so a job that crashed after the provider answered and runs again gets the first object back.

export type EmoneyConfig = Pick<Config, 'MANGOPAY_CLIENT_ID' | 'MANGOPAY_API_KEY' | 'MANGOPAY_API_BASE'>

export type EmoneyAddress = { line1: string; city: string; postalCode: string; country: string }
export type EmoneyPerson = {
  firstName: string
  lastName: string
  /** dd.mm.yyyy (as the identity form takes it) or yyyy-mm-dd. */
  birthday?: string | undefined
  nationality?: string | undefined
  countryOfResidence: string
  address?: EmoneyAddress | undefined
}
export type EmoneyUserInput =
  | { kind: 'natural'; email: string; person: EmoneyPerson; tag: string }
  | { kind: 'legal'; email: string; name: string; companyNumber?: string | undefined; headquarters?: EmoneyAddress | undefined; representative: EmoneyPerson; tag: string }

export type EmoneyPayoutInput = {
  payoutId: number
  userId: string
  walletId: string
  bankAccountId: string
  /** Minor units, as the provider counts them too. */
  amount: number
  currency: string
}

/** A card pay-in on the provider's hosted card page, credited to a party's wallet (docs/decisions/0052-emoney-pay-ins.md). */
export type EmoneyCardPayInInput = {
  /** The credited party's provider user: also the pay-in's author (a guest payer has no provider user). */
  userId: string
  walletId: string
  /** Minor units, as the provider counts them too. */
  amount: number
  currency: string
  /** The platform's fee the provider moves to the platform's fees wallet, in minor units. */
  fees: number
  /** Where the provider sends the payer back (it appends `transactionId`). */
  returnUrl: string
  /** `payment-<our payment token>`: how a hook's pay-in finds our payment. */
  tag: string
  /** The payer's language on the hosted page (two letters). */
  culture: string
}

/** A beneficial owner as the provider's UBO declaration takes it. */
export type EmoneyUbo = {
  firstName: string
  lastName: string
  /** dd.mm.yyyy or yyyy-mm-dd. */
  birthday?: string | undefined
  nationality: string
  address: EmoneyAddress
  birthplace: { city: string; country: string }
}

/** The provider refused a request (status 4xx) or could not be reached (status 0, 5xx). */
export class EmoneyError extends Error {
  constructor(message: string, readonly status: number, readonly providerType: string | null) {
    super(message)
    this.name = 'EmoneyError'
  }

  /** A refusal of what was asked (a retry would get the same answer), not a failure to ask. */
  get refused(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 401 && this.status !== 408 && this.status !== 429
  }
}

export type EmoneyClient = {
  createUser(input: EmoneyUserInput, idempotencyKey: string): Promise<string>
  createWallet(userId: string, currency: string, idempotencyKey: string): Promise<string>
  /** Creates the document, adds one page per file and asks for its validation; answers the document's id. */
  uploadKycDocument(userId: string, input: { type: ProviderDocumentType; pages: Buffer[]; tag: string }, idempotencyKey: string): Promise<string>
  getKycDocument(documentId: string): Promise<ProviderKycDocument>
  createIbanBankAccount(userId: string, input: { holder: string; iban: string; bic: string | null; address: EmoneyAddress; tag: string }, idempotencyKey: string): Promise<string>
  createPayout(input: EmoneyPayoutInput): Promise<ProviderPayout>
  getPayout(payoutId: string): Promise<ProviderPayout>
  /** The user with its KYC level, status and block status. */
  getUser(userId: string): Promise<ProviderUser>
  /** Starts a card pay-in on the provider's hosted page: its `RedirectURL` is where the payer pays. */
  createCardWebPayIn(input: EmoneyCardPayInInput, idempotencyKey: string): Promise<ProviderPayIn>
  getPayIn(payInId: string): Promise<ProviderPayIn>
  /** A refund, whoever made it (the platform, or someone at the provider's dashboard). */
  getRefund(refundId: string): Promise<ProviderRefund>
  /** Refunds `amount` of a pay-in to the payer's card, giving back `fees` of the platform's fee. */
  refundPayIn(payInId: string, input: { authorId: string; amount: number; fees: number; currency: string; tag: string }, idempotencyKey: string): Promise<ProviderRefund>
  /**
   * Declares an entity's beneficial owners: creates a declaration, adds each owner and asks for its
   * validation; answers the declaration as the provider holds it after the submission.
   */
  declareUbos(userId: string, ubos: readonly EmoneyUbo[], idempotencyKey: string): Promise<ProviderUboDeclaration>
  getUboDeclaration(userId: string, declarationId: string): Promise<ProviderUboDeclaration>
}

// The SDK leaves a request that got no answer at all (connection refused, reset) unsettled and throws an
// unhandled TypeError reading `error.response.data`. Giving such errors a response of status 0 makes the SDK
// reject normally; its own axios copy is the one patched (the SDK keeps a private one).
const sdkAxios = createRequire(createRequire(import.meta.url).resolve('mangopay2-nodejs-sdk'))('axios') as {
  interceptors: { response: { use(onFulfilled: undefined, onRejected: (error: any) => unknown): void } }
}
sdkAxios.interceptors.response.use(undefined, (error: any) => {
  if (error && !error.response && error.code !== 'ERR_CANCELED') {
    error.response = { status: 0, headers: {}, data: { Message: 'The e-money provider could not be reached', Type: 'network_error' } }
  }
  return Promise.reject(error)
})

/** One SDK per configuration: the SDK keeps its OAuth token on its prototype, so a second instance would drop it. */
let cached: { key: string; api: MangoPay } | null = null

function sdkFor(config: Required<Pick<EmoneyConfig, 'MANGOPAY_CLIENT_ID' | 'MANGOPAY_API_KEY'>> & EmoneyConfig): MangoPay {
  const baseUrl = config.MANGOPAY_API_BASE?.replace(/\/+$/, '') ?? 'https://api.sandbox.mangopay.com'
  const key = `${config.MANGOPAY_CLIENT_ID}\n${config.MANGOPAY_API_KEY}\n${baseUrl}`
  if (cached?.key !== key) {
    cached = {
      key,
      api: new MangoPay({
        clientId: config.MANGOPAY_CLIENT_ID, clientApiKey: config.MANGOPAY_API_KEY, baseUrl,
        connectionTimeout: 30_000, responseTimeout: 30_000,
        // Errors are turned into EmoneyError below; the SDK's default prints whole answers to the console.
        errorHandler: () => {},
      } as MangoPay['config']),
    }
  }
  return cached.api
}

type Options = { resolveWithFullResponse: true; headers?: Record<string, string> }
type FullResponse = { status: number; body?: any; data?: any }

/** Runs one SDK call for its full answer: the body, or an EmoneyError with the HTTP status. */
async function call<T>(run: (options: Options) => Promise<unknown>, idempotencyKey?: string): Promise<T> {
  const options: Options = { resolveWithFullResponse: true, ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}) }
  try {
    const response = await run(options) as FullResponse
    return (response.body ?? response.data) as T
  } catch (error) {
    throw toEmoneyError(error)
  }
}

function toEmoneyError(error: unknown): EmoneyError {
  if (error instanceof EmoneyError) return error
  const e = error as { status?: number; Code?: number; body?: any; data?: any; Message?: string; message?: string } | undefined
  const body = e?.body ?? e?.data ?? e
  const status = typeof e?.status === 'number' ? e.status : typeof e?.Code === 'number' ? e.Code : 0
  const message = typeof body?.Message === 'string' ? body.Message : typeof e?.message === 'string' ? e.message : 'The e-money provider failed'
  return new EmoneyError(`e-money provider: ${message}`.slice(0, 300), status, typeof body?.Type === 'string' ? body.Type : null)
}

/** The provider's idempotency keys are 16 to 36 letters, digits or dashes. */
export function idempotencyKeyOf(kind: string, id: number | string): string {
  return `sf-${kind}-${String(id).padStart(8, '0')}`.slice(0, 36)
}

/** A birthday as the provider's Unix timestamp (midnight UTC). */
export function birthdayTimestamp(birthday: string | undefined): number | undefined {
  if (!birthday) return undefined
  const german = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(birthday)
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday)
  const [year, month, day] = german ? [german[3], german[2], german[1]] : iso ? [iso[1], iso[2], iso[3]] : []
  if (!year) return undefined
  return Date.UTC(Number(year), Number(month) - 1, Number(day)) / 1000
}

const addressOf = (address: EmoneyAddress) => ({ AddressLine1: address.line1, City: address.city, PostalCode: address.postalCode, Country: address.country })

/** The provider's user body for our party (natural person, or an entity with its legal representative). */
export function providerUserBody(input: EmoneyUserInput): Record<string, unknown> {
  const common = { Email: input.email, Tag: input.tag, TermsAndConditionsAccepted: true, UserCategory: 'OWNER' }
  if (input.kind === 'natural') {
    const p = input.person
    return {
      ...common, PersonType: 'NATURAL', FirstName: p.firstName, LastName: p.lastName, Birthday: birthdayTimestamp(p.birthday),
      Nationality: p.nationality ?? p.countryOfResidence, CountryOfResidence: p.countryOfResidence,
      ...(p.address ? { Address: addressOf(p.address) } : {}),
    }
  }
  const r = input.representative
  return {
    ...common, PersonType: 'LEGAL', LegalPersonType: 'BUSINESS', Name: input.name,
    ...(input.companyNumber ? { CompanyNumber: input.companyNumber } : {}),
    ...(input.headquarters ? { HeadquartersAddress: addressOf(input.headquarters) } : {}),
    LegalRepresentativeFirstName: r.firstName, LegalRepresentativeLastName: r.lastName, LegalRepresentativeEmail: input.email,
    LegalRepresentativeBirthday: birthdayTimestamp(r.birthday), LegalRepresentativeNationality: r.nationality ?? r.countryOfResidence,
    LegalRepresentativeCountryOfResidence: r.countryOfResidence, ...(r.address ? { LegalRepresentativeAddress: addressOf(r.address) } : {}),
  }
}

/** The provider's body of one beneficial owner. */
export function uboBody(ubo: EmoneyUbo): Record<string, unknown> {
  return {
    FirstName: ubo.firstName, LastName: ubo.lastName, Address: addressOf(ubo.address), Nationality: ubo.nationality,
    Birthday: birthdayTimestamp(ubo.birthday), Birthplace: { City: ubo.birthplace.city, Country: ubo.birthplace.country },
  }
}

/** The client for the configured provider account, or null when MANGOPAY_CLIENT_ID is unset (the provider is off). */
export function createEmoneyClient(config: EmoneyConfig): EmoneyClient | null {
  const clientId = config.MANGOPAY_CLIENT_ID
  const apiKey = config.MANGOPAY_API_KEY
  if (!clientId || !apiKey) return null
  // The SDK's overloaded typings do not name the options argument on every method: called through `any` here,
  // with the shapes checked by the stand-in's tests (src/server/modules/payouts/emoney.routes.test.ts).
  const api = sdkFor({ ...config, MANGOPAY_CLIENT_ID: clientId, MANGOPAY_API_KEY: apiKey }) as any

  return {
    async createUser(input, idempotencyKey) {
      const user = await call<{ Id: string }>((o) => api.Users.create(providerUserBody(input), o), idempotencyKey)
      return String(user.Id)
    },

    async createWallet(userId, currency, idempotencyKey) {
      const wallet = await call<{ Id: string }>((o) => api.Wallets.create({ Owners: [userId], Currency: currency.toUpperCase(), Description: 'Sellfront balance', Tag: idempotencyKey }, o), idempotencyKey)
      return String(wallet.Id)
    },

    async uploadKycDocument(userId, input, idempotencyKey) {
      const created = await call<{ Id: string }>((o) => api.Users.createKycDocument(userId, { Type: input.type, Tag: input.tag }, o), idempotencyKey)
      // A retried upload gets the first answer replayed: its status is read again, and pages go only to a
      // document still being filled.
      const document = await call<{ Id: string; Status: string }>((o) => api.KycDocuments.get(created.Id, o))
      if (document.Status === 'CREATED') {
        for (const page of input.pages) await call((o) => api.Users.createKycPage(userId, document.Id, { File: page.toString('base64') }, o))
        await call((o) => api.Users.updateKycDocument(userId, { Id: document.Id, Status: 'VALIDATION_ASKED' }, o))
      }
      return String(document.Id)
    },

    getKycDocument(documentId) {
      return call<ProviderKycDocument>((o) => api.KycDocuments.get(documentId, o))
    },

    async createIbanBankAccount(userId, input, idempotencyKey) {
      const body = { Type: 'IBAN', OwnerName: input.holder, OwnerAddress: addressOf(input.address), IBAN: input.iban, ...(input.bic ? { BIC: input.bic } : {}), Tag: input.tag }
      const account = await call<{ Id: string }>((o) => api.Users.createBankAccount(userId, body, o), idempotencyKey)
      return String(account.Id)
    },

    createPayout(input) {
      const currency = input.currency.toUpperCase()
      const body = {
        PaymentType: 'BANK_WIRE', AuthorId: input.userId, DebitedWalletId: input.walletId, BankAccountId: input.bankAccountId,
        DebitedFunds: { Currency: currency, Amount: input.amount }, Fees: { Currency: currency, Amount: 0 },
        // On the party's bank statement (12 characters at most).
        BankWireRef: `SF ${input.payoutId}`.slice(0, 12), Tag: `payout-${input.payoutId}`,
      }
      return call<ProviderPayout>((o) => api.PayOuts.create(body, o), idempotencyKeyOf('payout', input.payoutId))
    },

    getPayout(payoutId) {
      return call<ProviderPayout>((o) => api.PayOuts.get(payoutId, o))
    },

    async getUser(userId) {
      const user = await call<ProviderUser>((o) => api.Users.get(userId, o))
      const status = await call<{ ScopeBlocked?: { Inflows?: boolean; Outflows?: boolean } }>((o) => api.Users.getBlockStatus(userId, o))
      return { ...user, Id: String(user.Id), blocked: { inflows: status.ScopeBlocked?.Inflows === true, outflows: status.ScopeBlocked?.Outflows === true } }
    },

    createCardWebPayIn(input, idempotencyKey) {
      const currency = input.currency.toUpperCase()
      const body = {
        PaymentType: 'CARD', ExecutionType: 'WEB', AuthorId: input.userId, CreditedUserId: input.userId, CreditedWalletId: input.walletId,
        DebitedFunds: { Currency: currency, Amount: input.amount }, Fees: { Currency: currency, Amount: input.fees },
        ReturnURL: input.returnUrl, CardType: 'CB_VISA_MASTERCARD', Culture: input.culture.toUpperCase(), Tag: input.tag,
      }
      return call<ProviderPayIn>((o) => api.PayIns.create(body, o), idempotencyKey)
    },

    getPayIn(payInId) {
      return call<ProviderPayIn>((o) => api.PayIns.get(payInId, o))
    },

    getRefund(refundId) {
      return call<ProviderRefund>((o) => api.Refunds.get(refundId, o))
    },

    refundPayIn(payInId, input, idempotencyKey) {
      const currency = input.currency.toUpperCase()
      const body = { AuthorId: input.authorId, DebitedFunds: { Currency: currency, Amount: input.amount }, Fees: { Currency: currency, Amount: -input.fees }, Tag: input.tag }
      return call<ProviderRefund>((o) => api.PayIns.createRefund(payInId, body, o), idempotencyKey)
    },

    async declareUbos(userId, ubos, idempotencyKey) {
      const created = await call<ProviderUboDeclaration>((o) => api.UboDeclarations.create(userId, o), idempotencyKey)
      // A retried declaration gets the first answer replayed: owners go only to a declaration still being filled.
      const declaration = await call<ProviderUboDeclaration>((o) => api.UboDeclarations.get(userId, created.Id, o))
      if (declaration.Status !== 'CREATED') return declaration
      const named = new Set((declaration.Ubos ?? []).map((u) => `${u.FirstName}\n${u.LastName}`))
      for (const ubo of ubos) {
        if (named.has(`${ubo.firstName}\n${ubo.lastName}`)) continue
        await call((o) => api.UboDeclarations.createUbo(userId, declaration.Id, uboBody(ubo), o))
      }
      return call<ProviderUboDeclaration>((o) => api.UboDeclarations.update(userId, { Id: declaration.Id, Status: 'VALIDATION_ASKED', Ubos: [] }, o))
    },

    getUboDeclaration(userId, declarationId) {
      return call<ProviderUboDeclaration>((o) => api.UboDeclarations.get(userId, declarationId, o))
    },
  }
}
