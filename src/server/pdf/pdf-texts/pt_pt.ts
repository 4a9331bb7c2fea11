import type { PdfTexts } from './types'

// Portuguese (Portugal): fatura, nota de crédito; neutral document style.

const verification = {
  format_only: 'verificado apenas quanto ao formato (sem consulta em linha ao VIES)',
  vies_valid: 'verificado quanto ao formato e confirmado como válido no VIES',
  vies_invalid: 'verificado quanto ao formato; segundo o VIES, não está registado',
} as const

export const pt_pt: PdfTexts = {
  invoice: {
    titles: { invoice: 'Fatura', reversal: 'Nota de crédito', reissue: 'Fatura reemitida' },
    number: 'Número da fatura',
    date: 'Data de emissão',
    order: 'Encomenda',
    paidOn: 'Data de fornecimento',
    vatId: 'N.º de IVA',
    taxNumber: 'NIF',
    soldOnBehalf: (reseller, seller) => `Vendido por ${reseller} por conta de ${seller}`,
    billTo: 'FATURAR A',
    exchangeRate: (base, rate, currency, source, date) => `Taxa de câmbio: 1 ${base} = ${rate} ${currency} (${source}, ${date}).`,
    exchangeEquivalent: (total, vat) => `A esta taxa: total ${total}, IVA ${vat}.`,
    exchangeSources: { ecb: 'taxa de referência do Banco Central Europeu', file: 'ficheiro de taxas da plataforma' },
    reversalOf: (number) => `Anulação da fatura ${number}`,
    reissueOf: (number) => `Reemissão da fatura ${number}`,
    columns: { description: 'Descrição', quantity: 'Qtd.', net: 'Valor s/ IVA', vat: 'IVA', gross: 'Total' },
    net: 'Total s/ IVA',
    vatOf: (rate, base) => `IVA ${rate} sobre ${base}`,
    total: 'Total',
    vatNote: {
      rate: (rate, country) => `IVA ${rate}${country ? ` (${country})` : ''}`,
      included: (rates) => `Inclui ${rates}.`,
      exempt: {
        small_business: 'IVA não liquidado: o vendedor é uma pequena empresa isenta de IVA.',
        educational: 'IVA não liquidado: o vendedor presta serviços de ensino isentos de IVA.',
        regulated_profession: 'IVA não liquidado: o vendedor presta serviços de uma profissão regulamentada isentos de IVA.',
        other: 'IVA não liquidado: o vendedor está isento de IVA.',
      },
      export: 'Sem IVA da UE: a prestação ocorre fora da UE.',
      reverseCharge: (c) => `IVA – autoliquidação: o imposto é devido pelo adquirente (artigo 196.º da Diretiva 2006/112/CE). N.º de IVA do adquirente ${c.vat_id || 'em falta'}`
        + `${c.country ? ` (emitido por ${c.country})` : ''}, ${verification[c.verification]}.`,
    },
  },
  ticket: {
    labels: { event_name: 'Evento', ticket_type: 'Bilhete', date: 'Data', location: 'Local', attendee_name: 'Participante', price: 'Preço', order_number: 'Encomenda' },
  },
  certificate: {
    validUntil: (date) => `Válido até ${date}`,
    number: (serial) => `N.º ${serial}`,
  },
  creditMemo: {
    title: (number) => `Autofatura ${number}`,
    issuedTo: (recipient) => `Emitida pela Sellfront em nome de ${recipient}`,
    date: 'Data',
    payout: (id) => `Pagamento n.º ${id}`,
    state: 'Estado',
    states: { pending: 'pendente', issued: 'emitido', successful: 'concluído', canceled: 'cancelado' },
    paidTo: (holder, last4) => `Pago a ${holder}, conta terminada em ${last4}`,
    amount: 'Montante',
    statement: {
      commissions: 'Autofaturação das comissões pagas com este pagamento. As comissões incluídas constam das transferências.',
      reseller_fees: 'Autofaturação das taxas de revenda pagas com este pagamento. As taxas incluídas constam das vendas.',
    },
  },
  commissionMemo: {
    title: (number) => `Autofatura ${number}`,
    issuedBy: (seller, publisher) => `Emitida por ${seller} (vendedor) em nome e por conta de ${publisher} (afiliado)`,
    colon: ':',
    period: 'Período',
    currency: 'Moeda',
    date: 'Data de emissão',
    columns: { date: 'Data', order: 'Encomenda', level: 'Nível', kind: 'Tipo', commission: 'Comissão', reversed: 'Estornado' },
    kinds: { commission: 'Comissão', bonus: 'Bónus' },
    total: 'Total',
    count: 'Número de comissões',
    statement: 'Autofaturação de comissões de afiliação. Os montantes são as comissões deduzidas do que os reembolsos e chargebacks recuperaram até à emissão desta autofatura.',
  },
}
