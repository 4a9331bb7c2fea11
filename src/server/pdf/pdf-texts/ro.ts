import type { PdfTexts } from './types'

// Romanian: factură, factură de stornare, data livrării; formal, neutral document style.

const verification = {
  format_only: 'verificat doar ca format (fără interogare online în VIES)',
  vies_valid: 'verificat ca format și confirmat ca valid în VIES',
  vies_invalid: 'verificat ca format; conform VIES nu este înregistrat',
} as const

export const ro: PdfTexts = {
  invoice: {
    titles: { invoice: 'Factură', reversal: 'Factură de stornare', reissue: 'Factură reemisă' },
    number: 'Număr factură',
    date: 'Data emiterii',
    order: 'Comandă',
    paidOn: 'Data livrării',
    vatId: 'Cod de TVA',
    taxNumber: 'Cod fiscal',
    soldOnBehalf: (reseller, seller) => `Vândut de ${reseller} în numele ${seller}`,
    billTo: 'CUMPĂRĂTOR',
    exchangeRate: (base, rate, currency, source, date) => `Curs de schimb: 1 ${base} = ${rate} ${currency} (${source}, ${date}).`,
    exchangeEquivalent: (total, vat) => `La acest curs: total ${total}, TVA ${vat}.`,
    exchangeSources: { ecb: 'cursul de referință al Băncii Centrale Europene', file: 'fișierul de cursuri al platformei' },
    reversalOf: (number) => `Stornarea facturii ${number}`,
    reissueOf: (number) => `Reemiterea facturii ${number}`,
    columns: { description: 'Descriere', quantity: 'Cant.', net: 'Net', vat: 'TVA', gross: 'Total' },
    net: 'Valoare netă',
    vatOf: (rate, base) => `TVA ${rate} din ${base}`,
    total: 'Total de plată',
    vatNote: {
      rate: (rate, country) => `TVA ${rate}${country ? ` (${country})` : ''}`,
      included: (rates) => `Include ${rates}.`,
      exempt: {
        small_business: 'Nu se percepe TVA: vânzătorul este o întreprindere mică scutită de TVA.',
        educational: 'Nu se percepe TVA: vânzătorul prestează servicii educaționale scutite de TVA.',
        regulated_profession: 'Nu se percepe TVA: vânzătorul prestează servicii ale unei profesii reglementate scutite de TVA.',
        other: 'Nu se percepe TVA: vânzătorul este scutit de TVA.',
      },
      export: 'Nu se percepe TVA UE: livrarea are loc în afara UE.',
      reverseCharge: (c) => `Taxare inversă: TVA se datorează de beneficiar (art. 196 din Directiva 2006/112/CE). Codul de TVA al beneficiarului ${c.vat_id || 'lipsește'}`
        + `${c.country ? ` (emis de ${c.country})` : ''}, ${verification[c.verification]}.`,
    },
  },
  ticket: {
    labels: { event_name: 'Eveniment', ticket_type: 'Bilet', date: 'Data', location: 'Locație', attendee_name: 'Participant', price: 'Preț', order_number: 'Comandă' },
  },
  certificate: {
    validUntil: (date) => `Valabil până la ${date}`,
    number: (serial) => `Nr. ${serial}`,
  },
  creditMemo: {
    title: (number) => `Notă de credit ${number}`,
    issuedTo: (recipient) => `Emisă de Sellfront pentru ${recipient}`,
    date: 'Data',
    payout: (id) => `Plata nr. ${id}`,
    state: 'Stare',
    states: { pending: 'în așteptare', issued: 'trimisă', successful: 'efectuată', canceled: 'anulată' },
    paidTo: (holder, last4) => `Plătit către ${holder}, contul care se termină în ${last4}`,
    amount: 'Sumă',
    statement: {
      commissions: 'Autofacturare a comisioanelor plătite prin această plată. Comisioanele incluse sunt listate în transferuri.',
      reseller_fees: 'Autofacturare a comisioanelor de revânzare plătite prin această plată. Comisioanele incluse sunt listate în vânzări.',
    },
  },
  commissionMemo: {
    title: (number) => `Autofactură ${number}`,
    issuedBy: (seller, publisher) => `Emisă de ${seller} (vânzător) pentru ${publisher} (promotor)`,
    colon: ':',
    period: 'Perioada',
    currency: 'Moneda',
    date: 'Data emiterii',
    columns: { date: 'Data', order: 'Comanda', level: 'Nivel', kind: 'Tip', commission: 'Comision', reversed: 'Stornat' },
    kinds: { commission: 'Comision', bonus: 'Bonus' },
    total: 'Total',
    count: 'Număr de comisioane',
    statement: 'Autofacturare: decontul comisioanelor de afiliere. Sumele sunt comisioanele minus ce au recuperat rambursările și chargebackurile până la emiterea acestei autofacturi.',
  },
}
