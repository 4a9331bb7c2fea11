import type { PdfTexts } from './types'

// Spanish: factura, factura rectificativa; neutral document style.

const verification = {
  format_only: 'comprobado solo en su formato (sin consulta en línea a VIES)',
  vies_valid: 'comprobado en su formato y confirmado como válido en VIES',
  vies_invalid: 'comprobado en su formato; VIES indica que no está registrado',
} as const

export const es: PdfTexts = {
  invoice: {
    titles: { invoice: 'Factura', reversal: 'Factura rectificativa', reissue: 'Factura reemitida' },
    number: 'Número de factura',
    date: 'Fecha de expedición',
    order: 'Pedido',
    paidOn: 'Fecha de la operación',
    vatId: 'NIF-IVA',
    taxNumber: 'NIF',
    soldOnBehalf: (reseller, seller) => `Vendido por ${reseller} por cuenta de ${seller}`,
    billTo: 'FACTURAR A',
    exchangeRate: (base, rate, currency, source, date) => `Tipo de cambio: 1 ${base} = ${rate} ${currency} (${source}, ${date}).`,
    exchangeEquivalent: (total, vat) => `A este tipo: total ${total}, IVA ${vat}.`,
    exchangeSources: { ecb: 'tipo de referencia del Banco Central Europeo', file: 'archivo de tipos de la plataforma' },
    reversalOf: (number) => `Rectifica la factura ${number}`,
    reissueOf: (number) => `Reemisión de la factura ${number}`,
    columns: { description: 'Descripción', quantity: 'Cant.', net: 'Base', vat: 'IVA', gross: 'Total' },
    net: 'Base imponible',
    vatOf: (rate, base) => `IVA ${rate} sobre ${base}`,
    total: 'Total',
    vatNote: {
      rate: (rate, country) => `IVA ${rate}${country ? ` (${country})` : ''}`,
      included: (rates) => `Incluye ${rates}.`,
      exempt: {
        small_business: 'Sin IVA: el vendedor es una pequeña empresa exenta de IVA.',
        educational: 'Sin IVA: el vendedor presta servicios educativos exentos de IVA.',
        regulated_profession: 'Sin IVA: el vendedor presta servicios de una profesión regulada exentos de IVA.',
        other: 'Sin IVA: el vendedor está exento de IVA.',
      },
      export: 'Sin IVA de la UE: la operación se realiza fuera de la UE.',
      reverseCharge: (c) => `Inversión del sujeto pasivo: el destinatario es el deudor del IVA (art. 196 de la Directiva 2006/112/CE). NIF-IVA del destinatario ${c.vat_id || 'no indicado'}`
        + `${c.country ? ` (expedido por ${c.country})` : ''}, ${verification[c.verification]}.`,
    },
  },
  ticket: {
    labels: { event_name: 'Evento', ticket_type: 'Entrada', date: 'Fecha', location: 'Lugar', attendee_name: 'Asistente', price: 'Precio', order_number: 'Pedido' },
  },
  certificate: {
    validUntil: (date) => `Válido hasta el ${date}`,
    number: (serial) => `N.º ${serial}`,
  },
  creditMemo: {
    title: (number) => `Nota de abono ${number}`,
    issuedTo: (recipient) => `Emitida por Sellfront a ${recipient}`,
    date: 'Fecha',
    payout: (id) => `Pago n.º ${id}`,
    state: 'Estado',
    states: { pending: 'pendiente', issued: 'emitido', successful: 'completado', canceled: 'cancelado' },
    paidTo: (holder, last4) => `Pagado a ${holder}, cuenta terminada en ${last4}`,
    amount: 'Importe',
    statement: {
      commissions: 'Autofactura de las comisiones abonadas con este pago. Las comisiones que incluye figuran en las transferencias.',
      reseller_fees: 'Autofactura de las comisiones de reventa abonadas con este pago. Las comisiones que incluye figuran en las ventas.',
    },
  },
  commissionMemo: {
    title: (number) => `Autofactura ${number}`,
    issuedBy: (seller, publisher) => `Emitida por ${seller} (vendedor) en nombre de ${publisher} (afiliado)`,
    colon: ':',
    period: 'Periodo',
    currency: 'Moneda',
    date: 'Fecha de emisión',
    columns: { date: 'Fecha', order: 'Pedido', level: 'Nivel', kind: 'Tipo', commission: 'Comisión', reversed: 'Anulado' },
    kinds: { commission: 'Comisión', bonus: 'Bonificación' },
    total: 'Total',
    count: 'Número de comisiones',
    statement: 'Facturación por el destinatario: autofactura de comisiones de afiliación. Los importes son las comisiones menos lo que los reembolsos y contracargos habían recuperado al emitirse esta autofactura.',
  },
}
