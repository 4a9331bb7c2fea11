import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'
import { featureFlags } from '../../../shared/accounts'
import { AppError } from '../../../shared/errors'
import type { LocaleCode } from '../../../shared/schemas/accounts'
import type { ListAnswer } from '../../../shared/schemas/lists'
import type { DoubleOptInSettingsOutput, OptInListQuery, OptInOutput, PublicOptInOutput } from '../../../shared/schemas/seller-mail'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import * as email from '../email/email.service'
import * as orders from '../orders/orders.service'
import * as repo from './double-opt-in.repository'
import { syncJob } from './sync-job'

// Double opt-in (docs/decisions/0084-custom-smtp-and-double-opt-in.md): with the double_opt_in flag on and the
// seller's "require double opt-in" setting on, a payer is added to the seller's mail-marketing integrations only
// after confirming their address. The purchase's syncs are written held (awaiting_opt_in) and the payer gets one
// confirmation mail with a signed link; confirming stores the proof (time, address, browser) and releases the
// held syncs in the same transaction. A refund before the confirmation drops them. Flag or setting off: the
// integrations sync at once, as before.

/** The key of the links: the server's token secret narrowed to this one purpose (a token never verifies as a link). */
const keys = new WeakMap<Uint8Array, Buffer>()
function linkKey(deps: AppDeps): Buffer {
  let key = keys.get(deps.jwtKey)
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', deps.jwtKey, new Uint8Array(0), 'sellfront double opt-in links', 32))
    keys.set(deps.jwtKey, key)
  }
  return key
}

function signature(deps: AppDeps, row: Pick<repo.OptInRow, 'id' | 'sellerId' | 'email'>): string {
  return createHmac('sha256', linkKey(deps)).update(`v1.${row.id}.${row.sellerId}.${row.email}`).digest('base64url')
}

export function optInToken(deps: AppDeps, row: Pick<repo.OptInRow, 'id' | 'sellerId' | 'email'>): string {
  return `${row.id}.${signature(deps, row)}`
}

export function optInLink(deps: AppDeps, row: Pick<repo.OptInRow, 'id' | 'sellerId' | 'email'>): string {
  return `${deps.config.appUrl}/opt_in/${optInToken(deps, row)}`
}

const invalidLink = () => new AppError('not_found', 'This confirmation link is not valid')

/** The row a link names, when its signature fits; a changed id or signature finds nothing. */
async function rowOfToken(deps: AppDeps, db: Executor, token: string, options: { lock?: boolean } = {}): Promise<repo.OptInRow> {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) throw invalidLink()
  const row = await repo.findOptInById(db, Number(match[1]), options)
  if (!row) throw invalidLink()
  const expected = Buffer.from(signature(deps, row))
  const given = Buffer.from(match[2]!)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidLink()
  return row
}

// ---------------------------------------------------------------- the gate (integrations.service.ts onPlatformEvent)

/** Whether the seller asks payers to confirm: the flag in effect and the seller's setting. */
async function requiresOptIn(db: Executor, sellerId: number): Promise<boolean> {
  const features = await repo.sellerFeatures(db, sellerId)
  if (!(features?.double_opt_in ?? featureFlags.double_opt_in)) return false
  return repo.requiredSetting(db, sellerId)
}

export type Payer = { email: string; first_name: string; last_name: string }

/**
 * Before a payer is added to the seller's integrations (in the event's transaction): 'open' when no opt-in is
 * required or the payer confirmed; else 'held', and the confirmation mail is queued once per payer and seller.
 */
export async function gateAdd(deps: AppDeps, tx: Executor, event: { sellerId: number; orderId: number | null }, payer: Payer): Promise<'open' | 'held'> {
  if (!await requiresOptIn(tx, event.sellerId)) return 'open'
  const address = payer.email.toLowerCase()
  const existing = await repo.findOptIn(tx, event.sellerId, address)
  if (existing?.state === 'confirmed') return 'open'
  // The mail's language: the order's (the payer's when they ordered, orders.locale); without an order, English.
  const order = event.orderId !== null ? await orders.findOrder(tx, event.orderId) : undefined
  const locale = email.mailLocale(order?.locale)
  const now = deps.now()
  const { row } = existing
    ? { row: existing }
    : await repo.ensurePending(tx, { sellerId: event.sellerId, email: address, orderId: event.orderId, locale, requestedAt: now })
  if (row.state === 'confirmed') return 'open'
  if (!row.mailedAt) {
    const { name: sellerName } = await orders.sellerNames(tx, event.sellerId)
    await email.queueEmail(deps, tx, {
      to: payer.email, kind: 'opt_in_confirmation', locale, firstName: payer.first_name, sellerId: event.sellerId,
      rendered: confirmationMail(locale, { firstName: payer.first_name, sellerName, link: optInLink(deps, row), appUrl: deps.config.appUrl }),
    })
    await repo.updateOptIn(tx, row.id, { mailedAt: now })
  }
  return 'held'
}

/** Before a payer is removed (refund, chargeback): 'open' when they are in the lists; 'dropped' when their add was still held (now skipped). */
export async function gateRemove(deps: AppDeps, tx: Executor, event: { sellerId: number; orderId: number | null }, payer: Payer): Promise<'open' | 'dropped'> {
  const address = payer.email.toLowerCase()
  const held = await repo.heldSyncEvents(tx, event.sellerId, address, event.orderId)
  if (held.length === 0) return 'open'
  for (const { id } of held) await repo.setSyncEventState(tx, id, 'skipped', deps.now())
  return 'dropped'
}

/** The confirmation mail's words in one language; the type requires every one of them. */
type ConfirmationTexts = {
  subject: (seller: string) => string
  greeting: (firstName: string) => string
  /** Why the mail came, then what confirming does (and that nothing happens without it). */
  paragraphs: (seller: string) => [string, string]
  action: string
}

// The 20 locales of the spec, with the address of the platform's other payer mails (src/server/modules/email/
// mail-texts/<code>.ts): «du» in German, formal in French, Czech, Hungarian, Greek, Turkish, Korean, Croatian and
// Romanian. The Record makes a missing locale or word a compile error.
const confirmationTexts: Record<LocaleCode, ConfirmationTexts> = {
  en: {
    subject: (s) => `Please confirm your email address for ${s}`,
    greeting: (n) => `Hello ${n},`,
    paragraphs: (s) => [`thank you for your purchase from ${s}. ${s} would like to send you news by email and asks you to confirm your address.`,
      'Only after you confirm is your address passed to the seller\'s newsletter and mailing services. If you do not confirm, nothing happens; your purchase stays valid either way.'],
    action: 'Confirm email address',
  },
  de: {
    subject: (s) => `Bitte bestätige deine E-Mail-Adresse für ${s}`,
    greeting: (n) => `Hallo ${n},`,
    paragraphs: (s) => [`danke für deinen Kauf bei ${s}. ${s} möchte dir Neuigkeiten per E-Mail schicken und bittet dich, deine Adresse zu bestätigen.`,
      'Erst nach deiner Bestätigung wird deine Adresse an die Newsletter- und Mailing-Dienste des Verkäufers übergeben. Bestätigst du nicht, geschieht nichts; dein Kauf gilt unabhängig davon.'],
    action: 'E-Mail-Adresse bestätigen',
  },
  es: {
    subject: (s) => `Confirma tu dirección de correo para ${s}`,
    greeting: (n) => `Hola, ${n}:`,
    paragraphs: (s) => [`Gracias por tu compra en ${s}. ${s} quiere enviarte novedades por correo y te pide que confirmes tu dirección.`,
      'Tu dirección solo se facilitará a los servicios de newsletter y envío de correos del vendedor cuando la confirmes. Si no la confirmas, no pasa nada; tu compra es válida igualmente.'],
    action: 'Confirmar dirección de correo',
  },
  ar: {
    subject: (s) => `يُرجى تأكيد عنوان بريدك الإلكتروني لدى ${s}`,
    greeting: (n) => `مرحبًا ${n}،`,
    paragraphs: (s) => [`شكرًا لك على الشراء من ${s}. يرغب ${s} في إرسال الأخبار إليك عبر البريد الإلكتروني ويطلب منك تأكيد عنوانك.`,
      'لن يُسلَّم عنوانك إلى خدمات النشرات الإخبارية والمراسلات البريدية لدى البائع إلا بعد تأكيدك. وإذا لم تؤكده فلن يحدث شيء، ويبقى شراؤك ساريًا في جميع الأحوال.'],
    action: 'تأكيد عنوان البريد الإلكتروني',
  },
  cs: {
    subject: (s) => `Potvrďte prosím svou e-mailovou adresu pro ${s}`,
    greeting: (n) => `Dobrý den, ${n},`,
    paragraphs: (s) => [`Děkujeme za váš nákup u prodejce ${s}. Prodejce ${s} by vám rád posílal novinky e-mailem a žádá vás o potvrzení vaší adresy.`,
      'Vaše adresa bude předána službám prodejce pro newslettery a rozesílání e-mailů teprve po vašem potvrzení. Pokud ji nepotvrdíte, nic se nestane; váš nákup platí tak jako tak.'],
    action: 'Potvrdit e-mailovou adresu',
  },
  da: {
    subject: (s) => `Bekræft din e-mailadresse hos ${s}`,
    greeting: (n) => `Hej ${n}`,
    paragraphs: (s) => [`Tak for dit køb hos ${s}. ${s} vil gerne sende dig nyheder på e-mail og beder dig bekræfte din adresse.`,
      'Først når du har bekræftet, gives din adresse videre til sælgerens nyhedsbrevs- og mailtjenester. Bekræfter du ikke, sker der ingenting; dit køb gælder under alle omstændigheder.'],
    action: 'Bekræft e-mailadresse',
  },
  el: {
    subject: (s) => `${s}: επιβεβαιώστε τη διεύθυνση email σας`,
    greeting: (n) => `Γεια σας, ${n},`,
    paragraphs: (s) => [`Σας ευχαριστούμε για την αγορά σας από ${s}. Ο πωλητής ${s} θα ήθελε να σας στέλνει νέα μέσω email και σας ζητά να επιβεβαιώσετε τη διεύθυνσή σας.`,
      'Η διεύθυνσή σας διαβιβάζεται στις υπηρεσίες ενημερωτικών δελτίων και αποστολής email του πωλητή μόνο αφού την επιβεβαιώσετε. Αν δεν την επιβεβαιώσετε, δεν συμβαίνει τίποτα· η αγορά σας ισχύει σε κάθε περίπτωση.'],
    action: 'Επιβεβαίωση διεύθυνσης email',
  },
  fr: {
    subject: (s) => `Confirmez votre adresse e-mail pour ${s}`,
    greeting: (n) => `Bonjour ${n},`,
    paragraphs: (s) => [`Merci pour votre achat auprès de ${s}. ${s} souhaite vous envoyer des actualités par e-mail et vous demande de confirmer votre adresse.`,
      'Votre adresse n’est transmise aux services de newsletter et d’e-mailing du vendeur qu’après votre confirmation. Si vous ne confirmez pas, rien ne se passe\u00a0; votre achat reste valable dans tous les cas.'],
    action: 'Confirmer l’adresse e-mail',
  },
  hu: {
    subject: (s) => `Kérjük, erősítse meg e-mail-címét – ${s}`,
    greeting: (n) => `Kedves ${n}!`,
    paragraphs: (s) => [`Köszönjük vásárlását (eladó: ${s}). Az eladó e-mailben szeretne híreket küldeni Önnek, és kéri, hogy erősítse meg e-mail-címét.`,
      'Címét csak a megerősítés után adjuk át az eladó hírlevél- és levelezőszolgáltatásainak. Ha nem erősíti meg, nem történik semmi; vásárlása ettől függetlenül érvényes.'],
    action: 'E-mail-cím megerősítése',
  },
  it: {
    subject: (s) => `Conferma il tuo indirizzo e-mail per ${s}`,
    greeting: (n) => `Ciao ${n},`,
    paragraphs: (s) => [`Grazie per il tuo acquisto da ${s}. ${s} vorrebbe inviarti novità via e-mail e ti chiede di confermare il tuo indirizzo.`,
      'Il tuo indirizzo viene passato ai servizi di newsletter e di invio e-mail del venditore solo dopo la tua conferma. Se non confermi, non succede nulla; il tuo acquisto resta valido in ogni caso.'],
    action: 'Conferma indirizzo e-mail',
  },
  pl: {
    subject: (s) => `Potwierdzenie adresu e-mail dla ${s}`,
    greeting: (n) => `Dzień dobry, ${n},`,
    paragraphs: (s) => [`Dziękujemy za zakup u sprzedawcy ${s}. Sprzedawca ${s} chce wysyłać nowości e-mailem i prosi o potwierdzenie adresu.`,
      'Adres zostanie przekazany do usług newsletterowych i mailingowych sprzedawcy dopiero po potwierdzeniu. Bez potwierdzenia nic się nie stanie, a zakup pozostaje ważny.'],
    action: 'Potwierdź adres e-mail',
  },
  pt_br: {
    subject: (s) => `Confirme seu endereço de e-mail para ${s}`,
    greeting: (n) => `Olá, ${n},`,
    paragraphs: (s) => [`Obrigado por comprar com ${s}. ${s} gostaria de enviar novidades por e-mail e pede que você confirme seu endereço.`,
      'Seu endereço só é repassado aos serviços de newsletter e e-mail marketing do vendedor depois que você confirmar. Se você não confirmar, nada acontece; sua compra continua válida de qualquer forma.'],
    action: 'Confirmar endereço de e-mail',
  },
  pt_pt: {
    subject: (s) => `Confirme o endereço de e-mail para ${s}`,
    greeting: (n) => `Olá ${n},`,
    paragraphs: (s) => [`Obrigado pela compra a ${s}. ${s} gostaria de enviar novidades por e-mail e pede a confirmação do endereço.`,
      'O endereço só é transmitido aos serviços de newsletter e de envio de e-mails do vendedor depois da confirmação. Sem confirmação, nada acontece; a compra continua válida em qualquer caso.'],
    action: 'Confirmar endereço de e-mail',
  },
  sv: {
    subject: (s) => `Bekräfta din e-postadress för ${s}`,
    greeting: (n) => `Hej ${n}!`,
    paragraphs: (s) => [`Tack för ditt köp hos ${s}. ${s} vill gärna skicka nyheter till dig via e-post och ber dig bekräfta din adress.`,
      'Först när du har bekräftat lämnas din adress vidare till säljarens nyhetsbrevs- och utskickstjänster. Bekräftar du inte händer ingenting; ditt köp gäller oavsett.'],
    action: 'Bekräfta e-postadress',
  },
  tr: {
    subject: (s) => `Lütfen e-posta adresinizi onaylayın (${s})`,
    greeting: (n) => `Merhaba ${n},`,
    paragraphs: (s) => [`Satın alımınız için teşekkür ederiz. Satıcı: ${s}. Satıcı size e-postayla haberler göndermek istiyor ve adresinizi onaylamanızı rica ediyor.`,
      'Adresiniz, satıcının bülten ve e-posta gönderim hizmetlerine ancak onayınızdan sonra iletilir. Onaylamazsanız hiçbir şey olmaz; satın alımınız her durumda geçerlidir.'],
    action: 'E-posta adresinizi onaylayın',
  },
  ko: {
    subject: (s) => `${s}: 이메일 주소를 확인해 주세요`,
    greeting: (n) => `${n}님, 안녕하세요.`,
    paragraphs: (s) => [`${s}에서 구매해 주셔서 감사합니다. ${s}에서 이메일로 소식을 보내 드리고자 이메일 주소 확인을 요청합니다.`,
      '확인하신 후에만 주소가 판매자의 뉴스레터 및 메일 발송 서비스에 전달됩니다. 확인하지 않으셔도 아무 일도 일어나지 않으며, 구매는 그와 관계없이 유효합니다.'],
    action: '이메일 주소 확인',
  },
  no: {
    subject: (s) => `Bekreft e-postadressen din for ${s}`,
    greeting: (n) => `Hei ${n}!`,
    paragraphs: (s) => [`Takk for kjøpet ditt hos ${s}. ${s} vil gjerne sende deg nyheter på e-post og ber deg bekrefte adressen din.`,
      'Først når du har bekreftet, blir adressen din gitt videre til selgerens nyhetsbrev- og utsendelsestjenester. Bekrefter du ikke, skjer det ingenting; kjøpet ditt gjelder uansett.'],
    action: 'Bekreft e-postadressen',
  },
  hr: {
    subject: (s) => `Potvrdite svoju adresu e-pošte za ${s}`,
    greeting: (n) => `Dobar dan, ${n},`,
    paragraphs: (s) => [`Hvala na kupnji kod prodavatelja ${s}. Prodavatelj ${s} želio bi Vam slati novosti e-poštom i moli Vas da potvrdite svoju adresu.`,
      'Vaša adresa bit će proslijeđena prodavateljevim servisima za newslettere i slanje e-pošte tek nakon Vaše potvrde. Ako je ne potvrdite, ništa se ne događa; Vaša kupnja vrijedi u svakom slučaju.'],
    action: 'Potvrdi adresu e-pošte',
  },
  ro: {
    subject: (s) => `Vă rugăm să confirmați adresa de e-mail pentru ${s}`,
    greeting: (n) => `Bună ziua, ${n},`,
    paragraphs: (s) => [`Vă mulțumim pentru cumpărătura de la ${s}. ${s} ar dori să vă trimită noutăți prin e-mail și vă roagă să vă confirmați adresa.`,
      'Adresa dumneavoastră este transmisă serviciilor de newsletter și de e-mail ale vânzătorului numai după ce o confirmați. Dacă nu o confirmați, nu se întâmplă nimic; cumpărătura rămâne valabilă oricum.'],
    action: 'Confirmați adresa de e-mail',
  },
  nl: {
    subject: (s) => `Bevestig je e-mailadres voor ${s}`,
    greeting: (n) => `Hallo ${n},`,
    paragraphs: (s) => [`Bedankt voor je aankoop bij ${s}. ${s} wil je graag nieuws per e-mail sturen en vraagt je je adres te bevestigen.`,
      'Pas na je bevestiging wordt je adres doorgegeven aan de nieuwsbrief- en mailingdiensten van de verkoper. Bevestig je niet, dan gebeurt er niets; je aankoop blijft hoe dan ook geldig.'],
    action: 'E-mailadres bevestigen',
  },
}

/**
 * The double opt-in's confirmation mail in a locale (`mailLocale`: `pt-BR` and the like read, unknown gives
 * English); renderSimpleMail sets the html's lang and, for Arabic, dir="rtl".
 */
export function confirmationMail(locale: string, p: { firstName: string; sellerName: string; link: string; appUrl: string }) {
  const code = email.mailLocale(locale)
  const t = confirmationTexts[code]
  return email.renderSimpleMail(code, {
    subject: t.subject(p.sellerName),
    greeting: t.greeting(p.firstName),
    paragraphs: t.paragraphs(p.sellerName),
    action: { label: t.action, link: p.link },
    footer: `Sellfront · ${p.appUrl}`,
  })
}

// ---------------------------------------------------------------- the payer's confirmation (public)

async function publicOutput(db: Executor, row: repo.OptInRow): Promise<PublicOptInOutput> {
  const { name } = await orders.sellerNames(db, row.sellerId)
  return { seller_name: name, email: row.email, state: row.state as 'pending' | 'confirmed', confirmed_at: row.confirmedAt?.toISOString() ?? null }
}

export async function getOptIn(ctx: Ctx, token: string): Promise<PublicOptInOutput> {
  return publicOutput(ctx.db, await rowOfToken(ctx.deps, ctx.db, token))
}

/**
 * The payer confirms: the proof (time, IP address, browser) is stored and the held syncs are released, in one
 * transaction. Confirming again changes nothing (the first proof stays).
 */
export async function confirmOptIn(ctx: Ctx, token: string): Promise<PublicOptInOutput> {
  const row = await ctx.db.transaction(async (tx) => {
    const locked = await rowOfToken(ctx.deps, tx, token, { lock: true })
    if (locked.state === 'confirmed') return locked
    const confirmed = { state: 'confirmed', confirmedAt: ctx.now, confirmedIp: ctx.ip, confirmedUserAgent: ctx.userAgent?.slice(0, 500) ?? null }
    await repo.updateOptIn(tx, locked.id, confirmed)
    for (const { id } of await repo.heldSyncEvents(tx, locked.sellerId, locked.email)) {
      await repo.setSyncEventState(tx, id, 'pending', null)
      await ctx.deps.jobs.enqueue(tx, syncJob, { syncEventId: id })
    }
    return { ...locked, ...confirmed }
  })
  return publicOutput(ctx.db, row)
}

// ---------------------------------------------------------------- the seller's setting and proofs

export async function getOptInSettings(ctx: Ctx): Promise<DoubleOptInSettingsOutput> {
  const sellerId = actingSellerId(ctx.actor, 'settings.read')
  const [required, n] = [await repo.requiredSetting(ctx.db, sellerId), await repo.counts(ctx.db, sellerId)]
  return { required, pending_count: n.pending, confirmed_count: n.confirmed }
}

export async function saveOptInSettings(ctx: Ctx, input: { required: boolean }): Promise<DoubleOptInSettingsOutput> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  await ctx.db.transaction((tx) => repo.saveRequired(tx, sellerId, input.required, ctx.now))
  return getOptInSettings(ctx)
}

export async function listOptIns(ctx: Ctx, query: OptInListQuery): Promise<ListAnswer<OptInOutput>> {
  const sellerId = actingSellerId(ctx.actor, 'settings.read')
  const { rows, total, totalMax } = await repo.listOptIns(ctx.db, sellerId, {
    state: query.state, search: query.query, offset: (query.page - 1) * query.per, limit: query.per, sortDir: query.sort_dir ?? 'desc',
  })
  return {
    list: rows.map((r) => ({
      id: r.id, email: r.email, state: r.state as 'pending' | 'confirmed', order_id: r.orderId, requested_at: r.requestedAt.toISOString(),
      confirmed_at: r.confirmedAt?.toISOString() ?? null, confirmed_ip: r.confirmedIp, confirmed_user_agent: r.confirmedUserAgent,
    })),
    total_count: total, total_count_max: totalMax,
  }
}
