import type { PdfTexts } from './types'

// Danish: faktura, kreditnota; neutral document style.

const verification = {
  format_only: 'kun kontrolleret for format (ingen onlineopslag i VIES)',
  vies_valid: 'kontrolleret for format og bekræftet som gyldigt i VIES',
  vies_invalid: 'kontrolleret for format; VIES oplyser, at det ikke er registreret',
} as const

export const da: PdfTexts = {
  invoice: {
    titles: { invoice: 'Faktura', reversal: 'Kreditnota', reissue: 'Genudstedt faktura' },
    number: 'Fakturanummer',
    date: 'Fakturadato',
    order: 'Ordre',
    paidOn: 'Leveringsdato',
    vatId: 'Momsnummer',
    taxNumber: 'Skattenummer',
    soldOnBehalf: (reseller, seller) => `Solgt af ${reseller} på vegne af ${seller}`,
    billTo: 'FAKTURERES TIL',
    exchangeRate: (base, rate, currency, source, date) => `Valutakurs: 1 ${base} = ${rate} ${currency} (${source}, ${date}).`,
    exchangeEquivalent: (total, vat) => `Til denne kurs: i alt ${total}, moms ${vat}.`,
    exchangeSources: { ecb: 'Den Europæiske Centralbanks referencekurs', file: 'platformens kursfil' },
    reversalOf: (number) => `Kreditering af faktura ${number}`,
    reissueOf: (number) => `Genudstedelse af faktura ${number}`,
    columns: { description: 'Beskrivelse', quantity: 'Antal', net: 'Netto', vat: 'Moms', gross: 'Brutto' },
    net: 'Nettobeløb',
    vatOf: (rate, base) => `Moms ${rate} af ${base}`,
    total: 'I alt',
    vatNote: {
      rate: (rate, country) => `moms ${rate}${country ? ` (${country})` : ''}`,
      included: (rates) => `Inkl. ${rates}.`,
      exempt: {
        small_business: 'Der opkræves ikke moms: sælger er en mindre virksomhed fritaget for moms.',
        educational: 'Der opkræves ikke moms: sælger leverer momsfritaget undervisning.',
        regulated_profession: 'Der opkræves ikke moms: sælger leverer momsfritagne ydelser inden for et lovreguleret erhverv.',
        other: 'Der opkræves ikke moms: sælger er fritaget for moms.',
      },
      export: 'Der opkræves ikke EU-moms: leveringen sker uden for EU.',
      reverseCharge: (c) => `Omvendt betalingspligt: modtageren betaler momsen (artikel 196 i momsdirektivet). Modtagerens momsnummer ${c.vat_id || 'mangler'}`
        + `${c.country ? ` (udstedt af ${c.country})` : ''}, ${verification[c.verification]}.`,
    },
  },
  ticket: {
    labels: { event_name: 'Arrangement', ticket_type: 'Billet', date: 'Dato', location: 'Sted', attendee_name: 'Deltager', price: 'Pris', order_number: 'Ordre' },
  },
  certificate: {
    validUntil: (date) => `Gyldigt til ${date}`,
    number: (serial) => `Nr. ${serial}`,
  },
  creditMemo: {
    title: (number) => `Kreditnota ${number}`,
    issuedTo: (recipient) => `Udstedt af Sellfront til ${recipient}`,
    date: 'Dato',
    payout: (id) => `Udbetaling nr. ${id}`,
    state: 'Status',
    states: { pending: 'afventer', issued: 'sendt', successful: 'gennemført', canceled: 'annulleret' },
    paidTo: (holder, last4) => `Udbetalt til ${holder}, konto der slutter på ${last4}`,
    amount: 'Beløb',
    statement: {
      commissions: 'Selvfakturering af de provisioner, der udbetales med denne udbetaling. De enkelte provisioner fremgår af overførslerne.',
      reseller_fees: 'Selvfakturering af de forhandlergebyrer, der udbetales med denne udbetaling. De enkelte gebyrer fremgår af salgene.',
    },
  },
  commissionMemo: {
    title: (number) => `Kreditnota ${number}`,
    issuedBy: (seller, publisher) => `Udstedt af ${seller} (sælger) til ${publisher} (publisher)`,
    colon: ':',
    period: 'Periode',
    currency: 'Valuta',
    date: 'Udstedt',
    columns: { date: 'Dato', order: 'Ordre', level: 'Niveau', kind: 'Type', commission: 'Kommission', reversed: 'Tilbageført' },
    kinds: { commission: 'Kommission', bonus: 'Bonus' },
    total: 'I alt',
    count: 'Antal kommissioner',
    statement: 'Selvfakturering af affiliate-kommissioner. Beløbene er kommissionerne fratrukket det, som refunderinger og chargebacks havde taget tilbage, da denne kreditnota blev udstedt.',
  },
}
