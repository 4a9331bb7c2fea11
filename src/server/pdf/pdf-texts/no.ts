import type { PdfTexts } from './types'

// Norwegian (bokmål): faktura, kreditnota; neutral document style.

const verification = {
  format_only: 'kun kontrollert for format (ingen oppslag i VIES på nett)',
  vies_valid: 'kontrollert for format og bekreftet som gyldig i VIES',
  vies_invalid: 'kontrollert for format; ifølge VIES ikke registrert',
} as const

export const no: PdfTexts = {
  invoice: {
    titles: { invoice: 'Faktura', reversal: 'Kreditnota', reissue: 'Ny utstedt faktura' },
    number: 'Fakturanummer',
    date: 'Fakturadato',
    order: 'Ordre',
    paidOn: 'Leveringsdato',
    vatId: 'MVA-nummer',
    taxNumber: 'Organisasjonsnummer',
    soldOnBehalf: (reseller, seller) => `Solgt av ${reseller} på vegne av ${seller}`,
    billTo: 'FAKTURERES TIL',
    exchangeRate: (base, rate, currency, source, date) => `Valutakurs: 1 ${base} = ${rate} ${currency} (${source}, ${date}).`,
    exchangeEquivalent: (total, vat) => `Til denne kursen: totalt ${total}, mva. ${vat}.`,
    exchangeSources: { ecb: 'Den europeiske sentralbankens referansekurs', file: 'plattformens kursfil' },
    reversalOf: (number) => `Kreditering av faktura ${number}`,
    reissueOf: (number) => `Ny utstedelse av faktura ${number}`,
    columns: { description: 'Beskrivelse', quantity: 'Antall', net: 'Netto', vat: 'MVA', gross: 'Brutto' },
    net: 'Nettobeløp',
    vatOf: (rate, base) => `MVA ${rate} av ${base}`,
    total: 'Å betale',
    vatNote: {
      rate: (rate, country) => `MVA ${rate}${country ? ` (${country})` : ''}`,
      included: (rates) => `Inkludert ${rates}.`,
      exempt: {
        small_business: 'Ingen merverdiavgift beregnet: selgeren er en liten virksomhet fritatt for merverdiavgift.',
        educational: 'Ingen merverdiavgift beregnet: selgeren leverer avgiftsfrie undervisningstjenester.',
        regulated_profession: 'Ingen merverdiavgift beregnet: selgeren leverer avgiftsfrie tjenester innen et lovregulert yrke.',
        other: 'Ingen merverdiavgift beregnet: selgeren er fritatt for merverdiavgift.',
      },
      export: 'Ingen EU-merverdiavgift beregnet: leveransen skjer utenfor EU.',
      reverseCharge: (c) => `Omvendt avgiftsplikt: mottakeren beregner merverdiavgiften (artikkel 196 i EUs merverdiavgiftsdirektiv). Mottakerens MVA-nummer ${c.vat_id || 'mangler'}`
        + `${c.country ? ` (utstedt av ${c.country})` : ''}, ${verification[c.verification]}.`,
    },
  },
  ticket: {
    labels: { event_name: 'Arrangement', ticket_type: 'Billett', date: 'Dato', location: 'Sted', attendee_name: 'Deltaker', price: 'Pris', order_number: 'Ordre' },
  },
  certificate: {
    validUntil: (date) => `Gyldig til ${date}`,
    number: (serial) => `Nr. ${serial}`,
  },
  creditMemo: {
    title: (number) => `Kreditnota ${number}`,
    issuedTo: (recipient) => `Utstedt av Sellfront til ${recipient}`,
    date: 'Dato',
    payout: (id) => `Utbetaling nr. ${id}`,
    state: 'Status',
    states: { pending: 'venter', issued: 'sendt', successful: 'gjennomført', canceled: 'kansellert' },
    paidTo: (holder, last4) => `Utbetalt til ${holder}, konto som slutter på ${last4}`,
    amount: 'Beløp',
    statement: {
      commissions: 'Selvfakturering av provisjonene som utbetales med denne utbetalingen. De enkelte provisjonene står under overføringer.',
      reseller_fees: 'Selvfakturering av forhandlergebyrene som utbetales med denne utbetalingen. De enkelte gebyrene står under salg.',
    },
  },
  commissionMemo: {
    title: (number) => `Kreditnota ${number}`,
    issuedBy: (seller, publisher) => `Utstedt av ${seller} (selger) til ${publisher} (publisher)`,
    colon: ':',
    period: 'Periode',
    currency: 'Valuta',
    date: 'Utstedt',
    columns: { date: 'Dato', order: 'Ordre', level: 'Nivå', kind: 'Type', commission: 'Provisjon', reversed: 'Tilbakeført' },
    kinds: { commission: 'Provisjon', bonus: 'Bonus' },
    total: 'Totalt',
    count: 'Antall provisjoner',
    statement: 'Selvfakturering av affiliate-provisjoner. Beløpene er provisjonene fratrukket det refusjoner og chargebacks hadde tatt tilbake da denne kreditnotaen ble utstedt.',
  },
}
