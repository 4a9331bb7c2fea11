import type { PdfTexts } from './types'

// Hungarian: számla, sztornószámla, teljesítés dátuma; formal, neutral document style.

const verification = {
  format_only: 'csak formailag ellenőrizve (online VIES-lekérdezés nélkül)',
  vies_valid: 'formailag ellenőrizve, a VIES szerint érvényes',
  vies_invalid: 'formailag ellenőrizve; a VIES szerint nincs nyilvántartva',
} as const

export const hu: PdfTexts = {
  invoice: {
    titles: { invoice: 'Számla', reversal: 'Sztornószámla', reissue: 'Újra kiállított számla' },
    number: 'Számlaszám',
    date: 'Kiállítás dátuma',
    order: 'Rendelés',
    paidOn: 'Teljesítés dátuma',
    vatId: 'Közösségi adószám',
    taxNumber: 'Adószám',
    soldOnBehalf: (reseller, seller) => `Értékesítő: ${reseller}, ${seller} nevében`,
    billTo: 'VEVŐ',
    exchangeRate: (base, rate, currency, source, date) => `Árfolyam: 1 ${base} = ${rate} ${currency} (${source}, ${date}).`,
    exchangeEquivalent: (total, vat) => `Ezen az árfolyamon: összesen ${total}, áfa ${vat}.`,
    exchangeSources: { ecb: 'az Európai Központi Bank referencia-árfolyama', file: 'a platform árfolyamfájlja' },
    reversalOf: (number) => `A(z) ${number} számú számla sztornója`,
    reissueOf: (number) => `A(z) ${number} számú számla újbóli kiállítása`,
    columns: { description: 'Megnevezés', quantity: 'Menny.', net: 'Nettó', vat: 'ÁFA', gross: 'Bruttó' },
    net: 'Nettó összeg',
    vatOf: (rate, base) => `ÁFA ${rate}, alap: ${base}`,
    total: 'Fizetendő összesen',
    vatNote: {
      rate: (rate, country) => `${rate} ÁFA${country ? ` (${country})` : ''}`,
      included: (rates) => `Az összeg tartalmaz: ${rates}.`,
      exempt: {
        small_business: 'ÁFA nem kerül felszámításra: az eladó alanyi adómentes kisvállalkozás.',
        educational: 'ÁFA nem kerül felszámításra: az eladó ÁFA-mentes oktatási szolgáltatást nyújt.',
        regulated_profession: 'ÁFA nem kerül felszámításra: az eladó ÁFA-mentes szabályozott szakmai szolgáltatást nyújt.',
        other: 'ÁFA nem kerül felszámításra: az eladó mentes az ÁFA alól.',
      },
      export: 'Uniós ÁFA nem kerül felszámításra: a teljesítés helye az EU-n kívül van.',
      reverseCharge: (c) => `Fordított adózás: az ÁFA-t a vevő fizeti (a 2006/112/EK irányelv 196. cikke). A vevő közösségi adószáma: ${c.vat_id || 'hiányzik'}`
        + `${c.country ? ` (kiállító ország: ${c.country})` : ''}, ${verification[c.verification]}.`,
    },
  },
  ticket: {
    labels: { event_name: 'Esemény', ticket_type: 'Jegy', date: 'Dátum', location: 'Helyszín', attendee_name: 'Résztvevő', price: 'Ár', order_number: 'Rendelés' },
  },
  certificate: {
    validUntil: (date) => `Érvényesség vége: ${date}`,
    number: (serial) => `Sorszám: ${serial}`,
  },
  creditMemo: {
    title: (number) => `Jóváírási bizonylat ${number}`,
    issuedTo: (recipient) => `Kiállító: Sellfront, címzett: ${recipient}`,
    date: 'Dátum',
    payout: (id) => `Kifizetés száma: ${id}`,
    state: 'Állapot',
    states: { pending: 'függőben', issued: 'elküldve', successful: 'teljesítve', canceled: 'törölve' },
    paidTo: (holder, last4) => `Kedvezményezett: ${holder}, számla vége: ${last4}`,
    amount: 'Összeg',
    statement: {
      commissions: 'Önszámlázás a jelen kifizetéssel kifizetett jutalékokról. Az egyes jutalékok az átutalások között szerepelnek.',
      reseller_fees: 'Önszámlázás a jelen kifizetéssel kifizetett viszonteladói díjakról. Az egyes díjak az értékesítések között szerepelnek.',
    },
  },
  commissionMemo: {
    title: (number) => `Jóváírási bizonylat ${number}`,
    issuedBy: (seller, publisher) => `Kiállító: ${seller} (eladó), címzett: ${publisher} (partner)`,
    colon: ':',
    period: 'Elszámolási időszak',
    currency: 'Pénznem',
    date: 'Kiállítás dátuma',
    columns: { date: 'Dátum', order: 'Rendelés', level: 'Szint', kind: 'Típus', commission: 'Jutalék', reversed: 'Visszavont' },
    kinds: { commission: 'Jutalék', bonus: 'Bónusz' },
    total: 'Összesen',
    count: 'Jutalékok száma',
    statement: 'Önszámlázás: partnerjutalékok elszámolása. Az összegek a jutalékok, csökkentve azzal, amit a visszatérítések és visszaterhelések a bizonylat kiállításáig visszavontak.',
  },
}
