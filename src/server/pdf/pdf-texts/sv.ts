import type { PdfTexts } from './types'

// Swedish: faktura, kreditfaktura; neutral document style.

const verification = {
  format_only: 'endast formatkontrollerat (ingen onlinekontroll i VIES)',
  vies_valid: 'formatkontrollerat och bekräftat som giltigt i VIES',
  vies_invalid: 'formatkontrollerat; enligt VIES inte registrerat',
} as const

export const sv: PdfTexts = {
  invoice: {
    titles: { invoice: 'Faktura', reversal: 'Kreditfaktura', reissue: 'Återutfärdad faktura' },
    number: 'Fakturanummer',
    date: 'Fakturadatum',
    order: 'Order',
    paidOn: 'Leveransdatum',
    vatId: 'Momsregistreringsnummer',
    taxNumber: 'Skattenummer',
    soldOnBehalf: (reseller, seller) => `Säljs av ${reseller} för ${seller} räkning`,
    billTo: 'FAKTURERAS TILL',
    exchangeRate: (base, rate, currency, source, date) => `Växelkurs: 1 ${base} = ${rate} ${currency} (${source}, ${date}).`,
    exchangeEquivalent: (total, vat) => `Till denna kurs: totalt ${total}, moms ${vat}.`,
    exchangeSources: { ecb: 'Europeiska centralbankens referenskurs', file: 'plattformens kursfil' },
    reversalOf: (number) => `Kreditering av faktura ${number}`,
    reissueOf: (number) => `Återutfärdande av faktura ${number}`,
    columns: { description: 'Beskrivning', quantity: 'Antal', net: 'Netto', vat: 'Moms', gross: 'Brutto' },
    net: 'Nettobelopp',
    vatOf: (rate, base) => `Moms ${rate} på ${base}`,
    total: 'Att betala',
    vatNote: {
      rate: (rate, country) => `moms ${rate}${country ? ` (${country})` : ''}`,
      included: (rates) => `Inklusive ${rates}.`,
      exempt: {
        small_business: 'Ingen moms debiteras: säljaren är ett litet företag undantaget från moms.',
        educational: 'Ingen moms debiteras: säljaren tillhandahåller momsfri utbildning.',
        regulated_profession: 'Ingen moms debiteras: säljaren tillhandahåller momsfria tjänster inom ett reglerat yrke.',
        other: 'Ingen moms debiteras: säljaren är undantagen från moms.',
      },
      export: 'Ingen EU-moms debiteras: leveransen sker utanför EU.',
      reverseCharge: (c) => `Omvänd betalningsskyldighet: köparen redovisar momsen (artikel 196 i mervärdesskattedirektivet). Köparens momsregistreringsnummer ${c.vat_id || 'saknas'}`
        + `${c.country ? ` (utfärdat av ${c.country})` : ''}, ${verification[c.verification]}.`,
    },
  },
  ticket: {
    labels: { event_name: 'Evenemang', ticket_type: 'Biljett', date: 'Datum', location: 'Plats', attendee_name: 'Deltagare', price: 'Pris', order_number: 'Order' },
  },
  certificate: {
    validUntil: (date) => `Giltigt till ${date}`,
    number: (serial) => `Nr ${serial}`,
  },
  creditMemo: {
    title: (number) => `Kreditnota ${number}`,
    issuedTo: (recipient) => `Utfärdad av Sellfront till ${recipient}`,
    date: 'Datum',
    payout: (id) => `Utbetalning nr ${id}`,
    state: 'Status',
    states: { pending: 'väntar', issued: 'skickad', successful: 'genomförd', canceled: 'avbruten' },
    paidTo: (holder, last4) => `Utbetalt till ${holder}, konto som slutar på ${last4}`,
    amount: 'Belopp',
    statement: {
      commissions: 'Självfakturering av de provisioner som betalas ut med denna utbetalning. De enskilda provisionerna anges under överföringar.',
      reseller_fees: 'Självfakturering av de återförsäljaravgifter som betalas ut med denna utbetalning. De enskilda avgifterna anges under försäljning.',
    },
  },
  commissionMemo: {
    title: (number) => `Kreditnota ${number}`,
    issuedBy: (seller, publisher) => `Utfärdad av ${seller} (säljare) till ${publisher} (publicist)`,
    colon: ':',
    period: 'Period',
    currency: 'Valuta',
    date: 'Utfärdad',
    columns: { date: 'Datum', order: 'Order', level: 'Nivå', kind: 'Typ', commission: 'Provision', reversed: 'Återförd' },
    kinds: { commission: 'Provision', bonus: 'Bonus' },
    total: 'Totalt',
    count: 'Antal provisioner',
    statement: 'Självfakturering av affiliateprovisioner. Beloppen är provisionerna minus det som återbetalningar och chargebacks hade tagit tillbaka när denna kreditnota utfärdades.',
  },
}
