import type { PdfTexts } from './types'

// Korean: 인보이스, 취소 인보이스 (as the mails); formal, neutral document style.

const verification = {
  format_only: '형식만 확인됨(VIES 온라인 조회 없음)',
  vies_valid: '형식 확인 및 VIES에서 유효함이 확인됨',
  vies_invalid: '형식 확인됨, VIES 조회 결과 미등록',
} as const

export const ko: PdfTexts = {
  invoice: {
    titles: { invoice: '인보이스', reversal: '취소 인보이스', reissue: '재발행 인보이스' },
    number: '인보이스 번호',
    date: '발행일',
    order: '주문',
    paidOn: '공급일',
    vatId: '부가가치세 등록번호',
    taxNumber: '납세자 번호',
    soldOnBehalf: (reseller, seller) => `${seller}을(를) 대신하여 ${reseller}이(가) 판매`,
    billTo: '청구 대상',
    exchangeRate: (base, rate, currency, source, date) => `환율: 1 ${base} = ${rate} ${currency} (${source}, ${date}).`,
    exchangeEquivalent: (total, vat) => `이 환율 기준: 합계 ${total}, 부가가치세 ${vat}.`,
    exchangeSources: { ecb: '유럽중앙은행 기준 환율', file: '플랫폼 환율 파일' },
    reversalOf: (number) => `인보이스 ${number} 취소`,
    reissueOf: (number) => `인보이스 ${number} 재발행`,
    columns: { description: '품목', quantity: '수량', net: '공급가액', vat: '부가세', gross: '합계' },
    net: '공급가액',
    vatOf: (rate, base) => `${base}에 대한 부가가치세 ${rate}`,
    total: '총액',
    vatNote: {
      rate: (rate, country) => `부가가치세 ${rate}${country ? `(${country})` : ''}`,
      included: (rates) => `${rates} 포함.`,
      exempt: {
        small_business: '부가가치세 미부과: 판매자는 부가가치세가 면제되는 소규모 사업자입니다.',
        educational: '부가가치세 미부과: 판매자는 부가가치세가 면제되는 교육 서비스를 제공합니다.',
        regulated_profession: '부가가치세 미부과: 판매자는 부가가치세가 면제되는 규제 전문직 서비스를 제공합니다.',
        other: '부가가치세 미부과: 판매자는 부가가치세가 면제됩니다.',
      },
      export: 'EU 부가가치세 미부과: 공급이 EU 밖에서 이루어집니다.',
      reverseCharge: (c) => `리버스 차지(reverse charge): 부가가치세는 공급받는 자가 납부합니다(EU 부가가치세 지침 제196조). 공급받는 자의 부가가치세 등록번호 ${c.vat_id || '없음'}`
        + `${c.country ? `(발급 국가 ${c.country})` : ''}, ${verification[c.verification]}.`,
    },
  },
  ticket: {
    labels: { event_name: '행사', ticket_type: '티켓', date: '일시', location: '장소', attendee_name: '참석자', price: '가격', order_number: '주문' },
  },
  certificate: {
    validUntil: (date) => `유효기간: ${date}까지`,
    number: (serial) => `번호 ${serial}`,
  },
  creditMemo: {
    title: (number) => `정산서 ${number}`,
    issuedTo: (recipient) => `Sellfront가 ${recipient}에게 발행`,
    date: '날짜',
    payout: (id) => `지급 번호 ${id}`,
    state: '상태',
    states: { pending: '대기 중', issued: '송금됨', successful: '완료', canceled: '취소됨' },
    paidTo: (holder, last4) => `${holder}에게 지급, 끝자리 ${last4} 계좌`,
    amount: '금액',
    statement: {
      commissions: '이 지급으로 지급된 수수료에 대한 자기 청구(self-billing) 명세서입니다. 포함된 수수료는 이체 내역에 나와 있습니다.',
      reseller_fees: '이 지급으로 지급된 리셀러 수수료에 대한 자기 청구(self-billing) 명세서입니다. 포함된 수수료는 판매 내역에 나와 있습니다.',
    },
  },
  commissionMemo: {
    title: (number) => `정산서 ${number}`,
    issuedBy: (seller, publisher) => `발행: ${seller}(판매자) · 수신: ${publisher}(퍼블리셔)`,
    colon: ':',
    period: '정산 기간',
    currency: '통화',
    date: '발행일',
    columns: { date: '날짜', order: '주문', level: '단계', kind: '종류', commission: '수수료', reversed: '회수액' },
    kinds: { commission: '수수료', bonus: '보너스' },
    total: '합계',
    count: '수수료 건수',
    statement: '제휴 수수료에 대한 자기 청구(self-billing) 정산서입니다. 금액은 이 정산서 발행 시점까지 환불 및 차지백으로 회수된 금액을 뺀 수수료입니다.',
  },
}
