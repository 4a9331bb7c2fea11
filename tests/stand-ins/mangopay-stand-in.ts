import { randomId, startServer, type RecordedRequest, type Reply, type StandInServer } from './server'

// A local stand-in for the e-money provider's REST API (v2.01) as its official SDK calls it: OAuth token,
// natural and legal users (with block status), wallets, KYC documents with pages and submission, IBAN bank
// accounts, bank wire payouts, card web pay-ins with their hosted card page and refunds, UBO declarations. It
// keeps objects in memory, replays idempotency keys, and plays the provider: validates or refuses a document,
// sets a user's KYC level, blocks or closes a user, funds a wallet, settles or fails a payout, pays or fails a
// pay-in (or the payer does it on the hosted page: `GET /hosted/payins/<id>?outcome=success|failure` records
// it and sends the payer to the pay-in's ReturnURL), and validates or refuses a UBO declaration. `hookQuery`
// builds the query string of the provider's hook notification.

type Obj = Record<string, any>

export type MangopayStandIn = StandInServer & {
  clientId: string
  apiKey: string
  users: Map<string, Obj>
  wallets: Map<string, Obj>
  documents: Map<string, Obj>
  /** The pages of each document (base64 as sent). */
  pages: Map<string, string[]>
  bankAccounts: Map<string, Obj>
  payouts: Map<string, Obj>
  payIns: Map<string, Obj>
  refunds: Map<string, Obj>
  uboDeclarations: Map<string, Obj>
  /** What the pay-ins' Fees moved to the platform's fees wallet, per currency (refunded fees taken back). */
  fees: Map<string, number>
  /** The requests to a resource, without the token and path prefix: `calls('POST', '/users/natural')`. */
  calls(method: string, suffix: string): RecordedRequest[]
  validateDocument(id: string): Obj
  refuseDocument(id: string, reasonType: string, message?: string): Obj
  outdateDocument(id: string): Obj
  setKycLevel(userId: string, level: 'LIGHT' | 'REGULAR'): Obj
  block(userId: string, scope: { inflows?: boolean; outflows?: boolean }): Obj
  closeUser(userId: string): Obj
  fund(walletId: string, amount: number): Obj
  succeedPayout(id: string): Obj
  failPayout(id: string, resultCode?: string, resultMessage?: string): Obj
  succeedPayIn(id: string): Obj
  failPayIn(id: string, resultCode?: string, resultMessage?: string): Obj
  /** A refund of a succeeded pay-in made at the provider's dashboard (not through the API by the platform): the refund, SUCCEEDED or FAILED. */
  refundAtDashboard(payInId: string, amount: number, options?: { fees?: number; fail?: boolean }): Obj
  validateUboDeclaration(id: string): Obj
  refuseUboDeclaration(id: string, reason?: string, message?: string): Obj
  /** The query string of a hook notification (GET ?EventType=..&RessourceId=..&Date=..). */
  hookQuery(eventType: string, resourceId: string): string
}

export async function startMangopayStandIn(options: { clientId?: string; apiKey?: string } = {}): Promise<MangopayStandIn> {
  const clientId = options.clientId ?? 'sellfront-test'
  const apiKey = options.apiKey ?? 'mangopay-test-key'
  const tokens = new Set<string>()
  const users = new Map<string, Obj>()
  const blockStatus = new Map<string, { Inflows: boolean; Outflows: boolean }>()
  const wallets = new Map<string, Obj>()
  const documents = new Map<string, Obj>()
  const pages = new Map<string, string[]>()
  const bankAccounts = new Map<string, Obj>()
  const payouts = new Map<string, Obj>()
  const payIns = new Map<string, Obj>()
  const refunds = new Map<string, Obj>()
  const uboDeclarations = new Map<string, Obj>()
  const fees = new Map<string, number>()
  const idempotent = new Map<string, { fingerprint: string; reply: Reply }>()
  const now = () => Math.floor(Date.now() / 1000)
  let sequence = 100_000
  const nextId = () => String(++sequence)

  const error = (status: number, type: string, message: string, errors: Obj = {}): Reply => ({ status, body: { Message: message, Type: type, Id: randomId(8), Date: now(), errors } })
  const missing = (what: string, id: string) => error(404, 'ressource_not_found', `Cannot found the ressource. ${what} with the id=${id} does not exist`)
  const ok = (body: unknown): Reply => ({ status: 200, body })

  function createUser(personType: 'NATURAL' | 'LEGAL', body: Obj): Reply {
    const required = personType === 'NATURAL' ? ['FirstName', 'LastName', 'Email'] : ['Name', 'LegalPersonType', 'LegalRepresentativeFirstName', 'LegalRepresentativeLastName', 'Email']
    const absent = required.filter((field) => !body[field])
    if (absent.length > 0) return error(400, 'param_error', 'One or several required parameters are missing or incorrect.', Object.fromEntries(absent.map((f) => [f, `The ${f} field is required.`])))
    const user = { ...body, Id: nextId(), PersonType: personType, KYCLevel: 'LIGHT', UserStatus: 'ACTIVE', CreationDate: now() }
    users.set(user.Id, user)
    blockStatus.set(user.Id, { Inflows: false, Outflows: false })
    return ok(user)
  }

  function createPayout(body: Obj): Reply {
    const wallet = wallets.get(String(body.DebitedWalletId))
    if (!wallet) return missing('Wallet', String(body.DebitedWalletId))
    const account = bankAccounts.get(String(body.BankAccountId))
    if (!account || account.UserId !== String(body.AuthorId)) return missing('BankAccount', String(body.BankAccountId))
    if (!wallet.Owners.includes(String(body.AuthorId))) return error(400, 'param_error', 'The author is not an owner of the debited wallet')
    const amount = Number(body.DebitedFunds?.Amount)
    if (!Number.isInteger(amount) || amount < 1 || body.DebitedFunds?.Currency !== wallet.Currency) return error(400, 'param_error', 'DebitedFunds is incorrect')
    const payout: Obj = {
      Id: nextId(), Tag: body.Tag ?? null, CreationDate: now(), AuthorId: String(body.AuthorId), CreditedUserId: null,
      DebitedFunds: body.DebitedFunds, CreditedFunds: { Currency: wallet.Currency, Amount: amount }, Fees: body.Fees ?? { Currency: wallet.Currency, Amount: 0 },
      Status: 'CREATED', ResultCode: null, ResultMessage: null, ExecutionDate: null, Type: 'PAYOUT', Nature: 'REGULAR',
      DebitedWalletId: wallet.Id, PaymentType: 'BANK_WIRE', BankAccountId: account.Id, BankWireRef: body.BankWireRef ?? null,
    }
    const blocked = blockStatus.get(payout.AuthorId)?.Outflows
    if (users.get(payout.AuthorId)?.KYCLevel !== 'REGULAR' || blocked) {
      Object.assign(payout, { Status: 'FAILED', ResultCode: '002999', ResultMessage: 'Blocked due to the Debited User\'s KYC limitations' })
    } else if (wallet.Balance.Amount < amount) {
      Object.assign(payout, { Status: 'FAILED', ResultCode: '001001', ResultMessage: 'Unsufficient wallet balance' })
    } else {
      wallet.Balance.Amount -= amount
    }
    payouts.set(payout.Id, payout)
    return ok(payout)
  }

  let serverUrl = ''

  function createCardWebPayIn(body: Obj): Reply {
    const wallet = wallets.get(String(body.CreditedWalletId))
    if (!wallet) return missing('Wallet', String(body.CreditedWalletId))
    if (!users.has(String(body.AuthorId))) return missing('User', String(body.AuthorId))
    if (body.PaymentType !== undefined && body.PaymentType !== 'CARD') return error(400, 'param_error', 'PaymentType is incorrect')
    const amount = Number(body.DebitedFunds?.Amount)
    const fee = Number(body.Fees?.Amount ?? 0)
    if (!Number.isInteger(amount) || amount < 1 || body.DebitedFunds?.Currency !== wallet.Currency) return error(400, 'param_error', 'DebitedFunds is incorrect')
    if (!Number.isInteger(fee) || fee < 0 || fee > amount) return error(400, 'param_error', 'Fees is incorrect')
    if (typeof body.ReturnURL !== 'string' || !/^https?:\/\//.test(body.ReturnURL)) return error(400, 'param_error', 'ReturnURL is incorrect')
    if (blockStatus.get(String(body.CreditedUserId ?? body.AuthorId))?.Inflows) return error(400, 'param_error', 'The credited user is blocked for inflows')
    const id = nextId()
    const payIn: Obj = {
      Id: id, Tag: body.Tag ?? null, CreationDate: now(), AuthorId: String(body.AuthorId), CreditedUserId: String(body.CreditedUserId ?? body.AuthorId),
      DebitedFunds: body.DebitedFunds, Fees: { Currency: wallet.Currency, Amount: fee }, CreditedFunds: { Currency: wallet.Currency, Amount: amount - fee },
      Status: 'CREATED', ResultCode: null, ResultMessage: null, ExecutionDate: null, Type: 'PAYIN', Nature: 'REGULAR',
      CreditedWalletId: wallet.Id, PaymentType: 'CARD', ExecutionType: 'WEB', CardType: body.CardType ?? 'CB_VISA_MASTERCARD', Culture: body.Culture ?? 'EN',
      ReturnURL: body.ReturnURL, RedirectURL: `${serverUrl}/hosted/payins/${id}`,
    }
    payIns.set(id, payIn)
    return ok(payIn)
  }

  function settlePayIn(payIn: Obj, outcome: 'success' | 'failure', resultCode = '101001', resultMessage = 'The user has not been redirected'): Obj {
    if (payIn.Status !== 'CREATED') return payIn
    if (outcome === 'failure') return Object.assign(payIn, { Status: 'FAILED', ResultCode: resultCode, ResultMessage: resultMessage, ExecutionDate: now() })
    find(wallets, payIn.CreditedWalletId, 'wallet').Balance.Amount += payIn.CreditedFunds.Amount
    fees.set(payIn.Fees.Currency, (fees.get(payIn.Fees.Currency) ?? 0) + payIn.Fees.Amount)
    return Object.assign(payIn, { Status: 'SUCCEEDED', ResultCode: '000000', ResultMessage: 'Success', ExecutionDate: now() })
  }

  function refundPayIn(payIn: Obj, body: Obj): Reply {
    if (payIn.Status !== 'SUCCEEDED') return error(400, 'param_error', 'Only a succeeded pay-in can be refunded')
    const amount = Number(body.DebitedFunds?.Amount ?? payIn.DebitedFunds.Amount)
    const feesBack = -Number(body.Fees?.Amount ?? 0)
    const refunded = [...refunds.values()].filter((f) => f.InitialTransactionId === payIn.Id && f.Status === 'SUCCEEDED')
    const refundedAmount = refunded.reduce((sum, f) => sum + f.DebitedFunds.Amount, 0)
    const refundedFees = refunded.reduce((sum, f) => sum - f.Fees.Amount, 0)
    if (!Number.isInteger(amount) || amount < 1 || refundedAmount + amount > payIn.DebitedFunds.Amount) return error(400, 'param_error', 'The refund is more than what is left of the pay-in')
    if (!Number.isInteger(feesBack) || feesBack < 0 || refundedFees + feesBack > payIn.Fees.Amount) return error(400, 'param_error', 'Fees is incorrect')
    const wallet = find(wallets, payIn.CreditedWalletId, 'wallet')
    const fromWallet = amount - feesBack
    const refund: Obj = {
      Id: nextId(), Tag: body.Tag ?? null, CreationDate: now(), AuthorId: String(body.AuthorId ?? payIn.AuthorId), InitialTransactionId: payIn.Id, InitialTransactionType: 'PAYIN',
      DebitedFunds: { Currency: wallet.Currency, Amount: amount }, Fees: { Currency: wallet.Currency, Amount: -feesBack }, CreditedFunds: { Currency: wallet.Currency, Amount: amount },
      DebitedWalletId: wallet.Id, Type: 'PAYOUT', Nature: 'REFUND', Status: 'SUCCEEDED', ResultCode: '000000', ResultMessage: 'Success', ExecutionDate: now(),
    }
    if (wallet.Balance.Amount < fromWallet) Object.assign(refund, { Status: 'FAILED', ResultCode: '001001', ResultMessage: 'Unsufficient wallet balance' })
    else {
      wallet.Balance.Amount -= fromWallet
      fees.set(wallet.Currency, (fees.get(wallet.Currency) ?? 0) - feesBack)
    }
    refunds.set(refund.Id, refund)
    return ok(refund)
  }

  /** The hosted card page: a link per outcome; following one records it and sends the payer back. */
  function hostedPage(r: RecordedRequest, id: string | undefined): Reply {
    const payIn = id ? payIns.get(id) : undefined
    if (!payIn) return { status: 404, body: '<!doctype html><title>Unknown payment</title><p>Unknown payment</p>' }
    const outcome = r.query.outcome
    if (outcome === 'success' || outcome === 'failure') {
      settlePayIn(payIn, outcome)
      const back = new URL(payIn.ReturnURL)
      back.searchParams.set('transactionId', payIn.Id)
      return { status: 302, body: '', headers: { location: back.toString() } }
    }
    const amount = `${(payIn.DebitedFunds.Amount / 100).toFixed(2)} ${payIn.DebitedFunds.Currency}`
    // No favicon request (a browser would meet the stand-in's 404).
    return { status: 200, body: `<!doctype html><title>Card payment</title><link rel="icon" href="data:,"><h1>Pay ${amount}</h1><a href="?outcome=success">Pay</a> <a href="?outcome=failure">Cancel</a>` }
  }

  function uboRoute(r: RecordedRequest, user: Obj, rest: string[]): Reply {
    const [declarationId, action, uboId] = rest
    if (r.method === 'POST' && !declarationId) {
      if (user.PersonType !== 'LEGAL') return error(400, 'param_error', 'UBO declarations are for legal users only')
      if ([...uboDeclarations.values()].some((d) => d.UserId === user.Id && ['CREATED', 'VALIDATION_ASKED'].includes(d.Status))) {
        return error(400, 'param_error', 'The user already has an open UBO declaration')
      }
      const declaration = { Id: nextId(), UserId: user.Id, CreationDate: now(), ProcessedDate: null, Status: 'CREATED', Reason: null, Message: null, Ubos: [] as Obj[] }
      uboDeclarations.set(declaration.Id, declaration)
      return ok(declaration)
    }
    const declaration = declarationId ? uboDeclarations.get(declarationId) : undefined
    if (!declaration || declaration.UserId !== user.Id) return missing('UboDeclaration', declarationId ?? '')
    if (r.method === 'GET' && !action) return ok(declaration)
    if (r.method === 'POST' && action === 'ubos' && !uboId) {
      if (declaration.Status !== 'CREATED' && declaration.Status !== 'INCOMPLETE') return error(400, 'param_error', 'The declaration cannot take owners now')
      const b = r.body
      const missingField = ['FirstName', 'LastName', 'Nationality', 'Birthday'].find((f) => b[f] === undefined || b[f] === null || b[f] === '')
        ?? (!b.Address?.AddressLine1 || !b.Address?.City || !b.Address?.PostalCode || !b.Address?.Country ? 'Address' : undefined)
        ?? (!b.Birthplace?.City || !b.Birthplace?.Country ? 'Birthplace' : undefined)
      if (missingField) return error(400, 'param_error', `One or several required parameters are missing or incorrect: ${missingField}`)
      if (declaration.Ubos.length >= 4) return error(400, 'param_error', 'A declaration holds at most 4 owners')
      const ubo = { ...b, Id: nextId(), CreationDate: now(), IsActive: true }
      declaration.Ubos.push(ubo)
      return ok(ubo)
    }
    if (r.method === 'PUT' && !action) {
      if (r.body.Status !== 'VALIDATION_ASKED' || !['CREATED', 'INCOMPLETE'].includes(declaration.Status)) return error(400, 'param_error', 'Only a CREATED declaration can be submitted')
      if (declaration.Ubos.length === 0) return error(400, 'param_error', 'The declaration names no owner')
      declaration.Status = 'VALIDATION_ASKED'
      return ok(declaration)
    }
    return missing('UboDeclaration', declarationId ?? '')
  }

  function route(r: RecordedRequest): Reply {
    if (r.method === 'GET' && r.path.startsWith('/hosted/payins/')) return hostedPage(r, r.path.split('/')[3])
    if (r.method === 'POST' && r.path === '/v2.01/oauth/token') {
      const basic = `Basic ${Buffer.from(`${clientId}:${apiKey}`).toString('base64')}`
      if (r.headers.authorization !== basic || r.body.grant_type !== 'client_credentials') return { status: 401, body: { error: 'invalid_client' } }
      const token = randomId(32)
      tokens.add(token)
      return ok({ access_token: token, token_type: 'Bearer', expires_in: 3600 })
    }
    const prefix = `/v2.01/${clientId}/`
    if (!r.path.startsWith(prefix)) return error(404, 'not_found', `Unknown path ${r.path}`)
    const bearer = /^Bearer (.+)$/.exec(String(r.headers.authorization ?? ''))?.[1]
    if (!bearer || !tokens.has(bearer)) return { status: 401, body: { Message: 'invalid_token', Type: 'forbidden_ressource' } }
    const parts = r.path.slice(prefix.length).split('/').filter(Boolean)
    const [resource, id, sub, subId, leaf] = parts
    const lower = (value: string | undefined) => value?.toLowerCase()

    if (resource === 'users') {
      if (r.method === 'POST' && id === 'natural' && !sub) return createUser('NATURAL', r.body)
      if (r.method === 'POST' && id === 'legal' && !sub) return createUser('LEGAL', r.body)
      const user = id ? users.get(id) : undefined
      if (!user) return missing('User', id ?? '')
      if (r.method === 'GET' && !sub) return ok(user)
      if (r.method === 'GET' && sub === 'blockStatus') return ok({ ActionCode: null, ScopeBlocked: blockStatus.get(user.Id) })
      if (sub === 'bankaccounts' && subId === 'iban' && r.method === 'POST') {
        if (!r.body.IBAN || !r.body.OwnerName || !r.body.OwnerAddress) return error(400, 'param_error', 'One or several required parameters are missing or incorrect.')
        const account = { ...r.body, Id: nextId(), UserId: user.Id, Type: 'IBAN', Active: true, CreationDate: now() }
        bankAccounts.set(account.Id, account)
        return ok(account)
      }
      if (lower(sub) === 'kyc' && lower(subId) === 'ubodeclarations') return uboRoute(r, user, parts.slice(4))
      if (lower(sub) === 'kyc' && lower(subId) === 'documents') {
        const documentId = leaf
        if (r.method === 'POST' && !documentId) {
          const allowed = ['IDENTITY_PROOF', 'ADDRESS_PROOF', 'REGISTRATION_PROOF', 'ARTICLES_OF_ASSOCIATION', 'SHAREHOLDER_DECLARATION']
          if (!allowed.includes(r.body.Type)) return error(400, 'param_error', 'The Type is incorrect')
          const document = { Id: nextId(), Tag: r.body.Tag ?? null, CreationDate: now(), Type: r.body.Type, UserId: user.Id, Status: 'CREATED', RefusedReasonType: null, RefusedReasonMessage: null, ProcessedDate: null, Flags: [] }
          documents.set(document.Id, document)
          pages.set(document.Id, [])
          return ok(document)
        }
        const document = documentId ? documents.get(documentId) : undefined
        if (!document || document.UserId !== user.Id) return missing('KycDocument', documentId ?? '')
        const action = parts[5]
        if (r.method === 'GET' && !action) return ok(document)
        if (r.method === 'POST' && action === 'pages') {
          if (document.Status !== 'CREATED') return error(400, 'param_error', 'The document is not in CREATED status')
          if (typeof r.body.File !== 'string' || r.body.File.length === 0) return error(400, 'param_error', 'File is required')
          pages.get(document.Id)?.push(r.body.File)
          return ok({})
        }
        if (r.method === 'PUT' && !action) {
          if (r.body.Status !== 'VALIDATION_ASKED' || document.Status !== 'CREATED') return error(400, 'param_error', 'Only a CREATED document can be submitted')
          if ((pages.get(document.Id) ?? []).length === 0) return error(400, 'param_error', 'The document has no page')
          document.Status = 'VALIDATION_ASKED'
          return ok(document)
        }
      }
    }
    if (resource === 'wallets') {
      if (r.method === 'POST' && !id) {
        const owner = r.body.Owners?.[0]
        if (!owner || !users.has(String(owner))) return missing('User', String(owner))
        if (typeof r.body.Currency !== 'string' || !/^[A-Z]{3}$/.test(r.body.Currency)) return error(400, 'param_error', 'Currency is incorrect')
        const wallet = { Id: nextId(), Owners: [String(owner)], Description: r.body.Description ?? '', Tag: r.body.Tag ?? null, Currency: r.body.Currency, Balance: { Currency: r.body.Currency, Amount: 0 }, FundsType: 'DEFAULT', CreationDate: now() }
        wallets.set(wallet.Id, wallet)
        return ok(wallet)
      }
      const wallet = id ? wallets.get(id) : undefined
      if (r.method === 'GET' && wallet) return ok(wallet)
      return missing('Wallet', id ?? '')
    }
    if (resource === 'KYC' && id === 'documents' && r.method === 'GET' && sub) {
      const document = documents.get(sub)
      return document ? ok(document) : missing('KycDocument', sub)
    }
    if (resource === 'payins') {
      if (r.method === 'POST' && lower(id) === 'card' && lower(sub) === 'web' && !subId) return createCardWebPayIn(r.body)
      const payIn = id ? payIns.get(id) : undefined
      if (!payIn) return missing('PayIn', id ?? '')
      if (r.method === 'GET' && !sub) return ok(payIn)
      if (r.method === 'POST' && sub === 'refunds' && !subId) return refundPayIn(payIn, r.body)
      return missing('PayIn', id ?? '')
    }
    if (resource === 'refunds' && r.method === 'GET' && id) {
      const refund = refunds.get(id)
      return refund ? ok(refund) : missing('Refund', id)
    }
    if (resource === 'payouts') {
      if (r.method === 'POST' && id === 'bankwire' && !sub) return createPayout(r.body)
      const payoutId = id === 'bankwire' ? sub : id
      const payout = payoutId ? payouts.get(payoutId) : undefined
      if (r.method === 'GET' && payout) return ok(payout)
      return missing('PayOut', payoutId ?? '')
    }
    return error(404, 'not_found', `The stand-in does not know ${r.method} ${r.path}`)
  }

  const server = await startServer((r) => {
    const key = r.headers['idempotency-key']
    if (r.method !== 'POST' || typeof key !== 'string') return route(r)
    // The provider's idempotency: the same key replays the first answer; another body under it is refused.
    const fingerprint = `${r.path}\n${r.rawBody}`
    const seen = idempotent.get(key)
    if (seen) return seen.fingerprint === fingerprint ? seen.reply : error(400, 'idempotency_error', 'The idempotency key was used with other parameters')
    const reply = route(r)
    if (reply.status < 500) idempotent.set(key, { fingerprint, reply: structuredClone(reply) })
    return reply
  })

  serverUrl = server.url

  function find(map: Map<string, Obj>, id: string, what: string): Obj {
    const found = map.get(id)
    if (!found) throw new Error(`stand-in: no ${what} ${id}`)
    return found
  }

  return {
    ...server,
    clientId,
    apiKey,
    users,
    wallets,
    documents,
    pages,
    bankAccounts,
    payouts,
    payIns,
    refunds,
    uboDeclarations,
    fees,
    calls(method, suffix) {
      const prefix = `/v2.01/${clientId}`
      return server.requests.filter((r) => r.method === method && r.path.replace(/\/$/, '') === `${prefix}${suffix}`.replace(/\/$/, ''))
    },
    validateDocument(id) {
      return Object.assign(find(documents, id, 'document'), { Status: 'VALIDATED', ProcessedDate: now() })
    },
    refuseDocument(id, reasonType, message = 'Refused by the stand-in') {
      return Object.assign(find(documents, id, 'document'), { Status: 'REFUSED', RefusedReasonType: reasonType, RefusedReasonMessage: message, ProcessedDate: now() })
    },
    outdateDocument(id) {
      return Object.assign(find(documents, id, 'document'), { Status: 'OUT_OF_DATE' })
    },
    setKycLevel(userId, level) {
      return Object.assign(find(users, userId, 'user'), { KYCLevel: level })
    },
    block(userId, scope) {
      find(users, userId, 'user')
      const status = { Inflows: scope.inflows ?? false, Outflows: scope.outflows ?? false }
      blockStatus.set(userId, status)
      return status
    },
    closeUser(userId) {
      return Object.assign(find(users, userId, 'user'), { UserStatus: 'CLOSED' })
    },
    fund(walletId, amount) {
      const wallet = find(wallets, walletId, 'wallet')
      wallet.Balance.Amount += amount
      return wallet
    },
    succeedPayout(id) {
      return Object.assign(find(payouts, id, 'payout'), { Status: 'SUCCEEDED', ResultCode: '000000', ResultMessage: 'Success', ExecutionDate: now() })
    },
    failPayout(id, resultCode = '121999', resultMessage = 'Generic Operation error') {
      const payout = find(payouts, id, 'payout')
      // A payout the bank returned gives the money back to the wallet.
      if (payout.Status !== 'FAILED') find(wallets, payout.DebitedWalletId, 'wallet').Balance.Amount += payout.DebitedFunds.Amount
      return Object.assign(payout, { Status: 'FAILED', ResultCode: resultCode, ResultMessage: resultMessage })
    },
    succeedPayIn(id) {
      return settlePayIn(find(payIns, id, 'pay-in'), 'success')
    },
    failPayIn(id, resultCode = '101101', resultMessage = 'Transaction refused by the bank (Do not honor)') {
      return settlePayIn(find(payIns, id, 'pay-in'), 'failure', resultCode, resultMessage)
    },
    refundAtDashboard(payInId, amount, options = {}) {
      const payIn = find(payIns, payInId, 'pay-in')
      if (options.fail) {
        const refund: Obj = {
          Id: nextId(), Tag: 'dashboard', CreationDate: now(), AuthorId: String(payIn.AuthorId), InitialTransactionId: payIn.Id, InitialTransactionType: 'PAYIN',
          DebitedFunds: { Currency: payIn.DebitedFunds.Currency, Amount: amount }, Fees: { Currency: payIn.DebitedFunds.Currency, Amount: 0 },
          CreditedFunds: { Currency: payIn.DebitedFunds.Currency, Amount: amount }, DebitedWalletId: payIn.CreditedWalletId, Type: 'PAYOUT', Nature: 'REFUND',
          Status: 'FAILED', ResultCode: '001001', ResultMessage: 'Unsufficient wallet balance', ExecutionDate: now(),
        }
        refunds.set(refund.Id, refund)
        return refund
      }
      const reply = refundPayIn(payIn, { DebitedFunds: { Amount: amount }, Fees: { Amount: -(options.fees ?? 0) }, Tag: 'dashboard' })
      if (reply.status !== 200) throw new Error(`stand-in: refund refused: ${JSON.stringify(reply.body)}`)
      return reply.body as Obj
    },
    validateUboDeclaration(id) {
      return Object.assign(find(uboDeclarations, id, 'UBO declaration'), { Status: 'VALIDATED', ProcessedDate: now() })
    },
    refuseUboDeclaration(id, reason = 'MISSING_UBO', message = 'An owner is missing') {
      return Object.assign(find(uboDeclarations, id, 'UBO declaration'), { Status: 'REFUSED', Reason: reason, Message: message, ProcessedDate: now() })
    },
    hookQuery(eventType, resourceId) {
      return new URLSearchParams({ EventType: eventType, RessourceId: resourceId, Date: String(now()) }).toString()
    },
  }
}
