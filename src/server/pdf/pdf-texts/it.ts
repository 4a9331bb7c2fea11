import type { PdfTexts } from './types'

// Italian: fattura, nota di credito; neutral document style.

const verification = {
  format_only: 'verificata solo nel formato (nessuna verifica online su VIES)',
  vies_valid: 'verificata nel formato e confermata come valida su VIES',
  vies_invalid: 'verificata nel formato; secondo VIES non risulta registrata',
} as const

export const it: PdfTexts = {
  invoice: {
    titles: { invoice: 'Fattura', reversal: 'Nota di credito', reissue: 'Fattura riemessa' },
    number: 'Numero fattura',
    date: 'Data di emissione',
    order: 'Ordine',
    paidOn: "Data dell'operazione",
    vatId: 'Partita IVA',
    taxNumber: 'Codice fiscale',
    soldOnBehalf: (reseller, seller) => `Venduto da ${reseller} per conto di ${seller}`,
    billTo: 'INTESTATA A',
    exchangeRate: (base, rate, currency, source, date) => `Tasso di cambio: 1 ${base} = ${rate} ${currency} (${source}, ${date}).`,
    exchangeEquivalent: (total, vat) => `A questo cambio: totale ${total}, IVA ${vat}.`,
    exchangeSources: { ecb: 'cambio di riferimento della Banca centrale europea', file: 'file dei cambi della piattaforma' },
    reversalOf: (number) => `Storno della fattura ${number}`,
    reissueOf: (number) => `Riemissione della fattura ${number}`,
    columns: { description: 'Descrizione', quantity: 'Q.tà', net: 'Imponibile', vat: 'IVA', gross: 'Totale' },
    net: 'Imponibile',
    vatOf: (rate, base) => `IVA ${rate} su ${base}`,
    total: 'Totale',
    vatNote: {
      rate: (rate, country) => `IVA ${rate}${country ? ` (${country})` : ''}`,
      included: (rates) => `Comprende ${rates}.`,
      exempt: {
        small_business: "Operazione senza IVA: il venditore è una piccola impresa esente dall'IVA.",
        educational: "Operazione senza IVA: il venditore presta servizi didattici esenti dall'IVA.",
        regulated_profession: "Operazione senza IVA: il venditore presta servizi di una professione regolamentata esenti dall'IVA.",
        other: "Operazione senza IVA: il venditore è esente dall'IVA.",
      },
      export: "Nessuna IVA UE: l'operazione è effettuata fuori dall'UE.",
      reverseCharge: (c) => `Inversione contabile: l'IVA è dovuta dal destinatario (art. 196 della direttiva 2006/112/CE). Partita IVA del destinatario ${c.vat_id || 'mancante'}`
        + `${c.country ? ` (rilasciata da ${c.country})` : ''}, ${verification[c.verification]}.`,
    },
  },
  ticket: {
    labels: { event_name: 'Evento', ticket_type: 'Biglietto', date: 'Data', location: 'Luogo', attendee_name: 'Partecipante', price: 'Prezzo', order_number: 'Ordine' },
  },
  certificate: {
    validUntil: (date) => `Valido fino al ${date}`,
    number: (serial) => `N. ${serial}`,
  },
  creditMemo: {
    title: (number) => `Nota di credito ${number}`,
    issuedTo: (recipient) => `Emessa da Sellfront a ${recipient}`,
    date: 'Data',
    payout: (id) => `Pagamento n. ${id}`,
    state: 'Stato',
    states: { pending: 'in attesa', issued: 'inviato', successful: 'eseguito', canceled: 'annullato' },
    paidTo: (holder, last4) => `Pagato a ${holder}, conto che termina con ${last4}`,
    amount: 'Importo',
    statement: {
      commissions: 'Autofattura delle commissioni pagate con questo pagamento. Le singole commissioni sono elencate nei trasferimenti.',
      reseller_fees: 'Autofattura dei compensi di rivendita pagati con questo pagamento. I singoli compensi sono elencati nelle vendite.',
    },
  },
  commissionMemo: {
    title: (number) => `Nota di credito ${number}`,
    issuedBy: (seller, publisher) => `Emessa da ${seller} (venditore) per conto di ${publisher} (publisher)`,
    colon: ':',
    period: 'Periodo',
    currency: 'Valuta',
    date: 'Data di emissione',
    columns: { date: 'Data', order: 'Ordine', level: 'Livello', kind: 'Tipo', commission: 'Commissione', reversed: 'Stornato' },
    kinds: { commission: 'Commissione', bonus: 'Bonus' },
    total: 'Totale',
    count: 'Numero di commissioni',
    statement: "Autofatturazione delle commissioni di affiliazione. Gli importi sono le commissioni al netto di quanto ripreso da rimborsi e chargeback alla data di emissione di questa nota.",
  },
}
