import type { PdfTexts } from './types'

// Dutch: factuur, creditfactuur, leverdatum; neutral document style.

const verification = {
  format_only: 'alleen op formaat gecontroleerd (geen online controle in VIES)',
  vies_valid: 'op formaat gecontroleerd en in VIES als geldig bevestigd',
  vies_invalid: 'op formaat gecontroleerd; volgens VIES niet geregistreerd',
} as const

export const nl: PdfTexts = {
  invoice: {
    titles: { invoice: 'Factuur', reversal: 'Creditfactuur', reissue: 'Opnieuw uitgereikte factuur' },
    number: 'Factuurnummer',
    date: 'Factuurdatum',
    order: 'Bestelling',
    paidOn: 'Leverdatum',
    vatId: 'Btw-nummer',
    taxNumber: 'Fiscaal nummer',
    soldOnBehalf: (reseller, seller) => `Verkocht door ${reseller} namens ${seller}`,
    billTo: 'FACTUUR AAN',
    exchangeRate: (base, rate, currency, source, date) => `Wisselkoers: 1 ${base} = ${rate} ${currency} (${source}, ${date}).`,
    exchangeEquivalent: (total, vat) => `Tegen deze koers: totaal ${total}, btw ${vat}.`,
    exchangeSources: { ecb: 'referentiekoers van de Europese Centrale Bank', file: 'koersbestand van het platform' },
    reversalOf: (number) => `Creditering van factuur ${number}`,
    reissueOf: (number) => `Nieuwe uitreiking van factuur ${number}`,
    columns: { description: 'Omschrijving', quantity: 'Aantal', net: 'Excl. btw', vat: 'Btw', gross: 'Incl. btw' },
    net: 'Totaal excl. btw',
    vatOf: (rate, base) => `Btw ${rate} over ${base}`,
    total: 'Totaal incl. btw',
    vatNote: {
      rate: (rate, country) => `btw ${rate}${country ? ` (${country})` : ''}`,
      included: (rates) => `Inclusief ${rates}.`,
      exempt: {
        small_business: 'Geen btw berekend: de verkoper valt onder de kleineondernemersregeling.',
        educational: 'Geen btw berekend: de verkoper verricht van btw vrijgestelde onderwijsdiensten.',
        regulated_profession: 'Geen btw berekend: de verkoper verricht van btw vrijgestelde diensten van een gereglementeerd beroep.',
        other: 'Geen btw berekend: de verkoper is vrijgesteld van btw.',
      },
      export: 'Geen EU-btw berekend: de levering vindt buiten de EU plaats.',
      reverseCharge: (c) => `Btw verlegd: de afnemer is de btw verschuldigd (artikel 196 btw-richtlijn). Btw-nummer van de afnemer ${c.vat_id || 'ontbreekt'}`
        + `${c.country ? ` (uitgegeven door ${c.country})` : ''}, ${verification[c.verification]}.`,
    },
  },
  ticket: {
    labels: { event_name: 'Evenement', ticket_type: 'Ticket', date: 'Datum', location: 'Locatie', attendee_name: 'Deelnemer', price: 'Prijs', order_number: 'Bestelling' },
  },
  certificate: {
    validUntil: (date) => `Geldig tot ${date}`,
    number: (serial) => `Nr. ${serial}`,
  },
  creditMemo: {
    title: (number) => `Creditnota ${number}`,
    issuedTo: (recipient) => `Uitgereikt door Sellfront aan ${recipient}`,
    date: 'Datum',
    payout: (id) => `Uitbetaling nr. ${id}`,
    state: 'Status',
    states: { pending: 'in afwachting', issued: 'verzonden', successful: 'uitgevoerd', canceled: 'geannuleerd' },
    paidTo: (holder, last4) => `Uitbetaald aan ${holder}, rekening eindigend op ${last4}`,
    amount: 'Bedrag',
    statement: {
      commissions: 'Factuur uitgereikt door de afnemer (self-billing) voor de commissies die met deze uitbetaling worden uitbetaald. De afzonderlijke commissies staan bij de overboekingen.',
      reseller_fees: 'Factuur uitgereikt door de afnemer (self-billing) voor de resellervergoedingen die met deze uitbetaling worden uitbetaald. De afzonderlijke vergoedingen staan bij de verkopen.',
    },
  },
  commissionMemo: {
    title: (number) => `Creditnota ${number}`,
    issuedBy: (seller, publisher) => `Uitgereikt door ${seller} (verkoper) aan ${publisher} (publisher)`,
    colon: ':',
    period: 'Periode',
    currency: 'Valuta',
    date: 'Datum uitreiking',
    columns: { date: 'Datum', order: 'Bestelling', level: 'Niveau', kind: 'Soort', commission: 'Commissie', reversed: 'Teruggedraaid' },
    kinds: { commission: 'Commissie', bonus: 'Bonus' },
    total: 'Totaal',
    count: 'Aantal commissies',
    statement: 'Factuur uitgereikt door afnemer (self-billing) voor affiliatecommissies. De bedragen zijn de commissies min wat terugbetalingen en chargebacks bij het uitreiken van deze creditnota hadden teruggenomen.',
  },
}
