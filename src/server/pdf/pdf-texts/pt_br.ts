import type { PdfTexts } from './types'

// Portuguese (Brazil): fatura, fatura de cancelamento; neutral document style.

const verification = {
  format_only: 'verificado apenas quanto ao formato (sem consulta on-line ao VIES)',
  vies_valid: 'verificado quanto ao formato e confirmado como válido no VIES',
  vies_invalid: 'verificado quanto ao formato; o VIES informa que não está registrado',
} as const

export const pt_br: PdfTexts = {
  invoice: {
    titles: { invoice: 'Fatura', reversal: 'Fatura de cancelamento', reissue: 'Fatura reemitida' },
    number: 'Número da fatura',
    date: 'Data de emissão',
    order: 'Pedido',
    paidOn: 'Data do fornecimento',
    vatId: 'Nº de IVA',
    taxNumber: 'Nº de contribuinte',
    soldOnBehalf: (reseller, seller) => `Vendido por ${reseller} em nome de ${seller}`,
    billTo: 'FATURADO PARA',
    exchangeRate: (base, rate, currency, source, date) => `Taxa de câmbio: 1 ${base} = ${rate} ${currency} (${source}, ${date}).`,
    exchangeEquivalent: (total, vat) => `A esta taxa: total ${total}, imposto ${vat}.`,
    exchangeSources: { ecb: 'taxa de referência do Banco Central Europeu', file: 'arquivo de taxas da plataforma' },
    reversalOf: (number) => `Cancelamento da fatura ${number}`,
    reissueOf: (number) => `Reemissão da fatura ${number}`,
    columns: { description: 'Descrição', quantity: 'Qtd.', net: 'Líquido', vat: 'IVA', gross: 'Total' },
    net: 'Valor líquido',
    vatOf: (rate, base) => `IVA ${rate} sobre ${base}`,
    total: 'Total',
    vatNote: {
      rate: (rate, country) => `IVA ${rate}${country ? ` (${country})` : ''}`,
      included: (rates) => `Inclui ${rates}.`,
      exempt: {
        small_business: 'Sem IVA: o vendedor é uma pequena empresa isenta de IVA.',
        educational: 'Sem IVA: o vendedor presta serviços educacionais isentos de IVA.',
        regulated_profession: 'Sem IVA: o vendedor presta serviços de profissão regulamentada isentos de IVA.',
        other: 'Sem IVA: o vendedor é isento de IVA.',
      },
      export: 'Sem IVA da UE: o fornecimento ocorre fora da UE.',
      reverseCharge: (c) => `Autoliquidação: o destinatário é o responsável pelo IVA (art. 196 da Diretiva 2006/112/CE). Nº de IVA do destinatário ${c.vat_id || 'não informado'}`
        + `${c.country ? ` (emitido por ${c.country})` : ''}, ${verification[c.verification]}.`,
    },
  },
  ticket: {
    labels: { event_name: 'Evento', ticket_type: 'Ingresso', date: 'Data', location: 'Local', attendee_name: 'Participante', price: 'Preço', order_number: 'Pedido' },
  },
  certificate: {
    validUntil: (date) => `Válido até ${date}`,
    number: (serial) => `Nº ${serial}`,
  },
  creditMemo: {
    title: (number) => `Nota de crédito ${number}`,
    issuedTo: (recipient) => `Emitida pela Sellfront para ${recipient}`,
    date: 'Data',
    payout: (id) => `Repasse nº ${id}`,
    state: 'Status',
    states: { pending: 'pendente', issued: 'enviado', successful: 'concluído', canceled: 'cancelado' },
    paidTo: (holder, last4) => `Pago a ${holder}, conta com final ${last4}`,
    amount: 'Valor',
    statement: {
      commissions: 'Autofaturamento das comissões pagas neste repasse. As comissões incluídas constam nas transferências.',
      reseller_fees: 'Autofaturamento das taxas de revenda pagas neste repasse. As taxas incluídas constam nas vendas.',
    },
  },
  commissionMemo: {
    title: (number) => `Nota de crédito ${number}`,
    issuedBy: (seller, publisher) => `Emitida por ${seller} (vendedor) para ${publisher} (afiliado)`,
    colon: ':',
    period: 'Período',
    currency: 'Moeda',
    date: 'Data de emissão',
    columns: { date: 'Data', order: 'Pedido', level: 'Nível', kind: 'Tipo', commission: 'Comissão', reversed: 'Estornado' },
    kinds: { commission: 'Comissão', bonus: 'Bônus' },
    total: 'Total',
    count: 'Número de comissões',
    statement: 'Autofaturamento de comissões de afiliados. Os valores são as comissões menos o que reembolsos e chargebacks estornaram até a emissão desta nota.',
  },
}
