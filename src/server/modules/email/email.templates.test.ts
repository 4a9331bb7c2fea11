import { describe, expect, test } from 'vitest'
import { localeCode } from '../../../shared/schemas/accounts'
import { mailLocale, mailTexts } from './mail-texts'
import type { MailKind, MailParams } from './mail-texts/types'
import { renderMail } from './email.templates'
import { smtpFailureNotice, smtpTestMail } from './email.simple-mail'

// Every mail in every locale of the spec, rendered with sample values: cheap (no database), and it proves at run
// time what the types prove at compile time, plus what they cannot: no empty subject, no "undefined", every value
// the English text shows shown in each translation too, and Arabic right to left.

const sample: MailParams = {
  firstName: 'Zoë', link: 'https://app.example.test/go/LINK-1', newEmail: 'new-address@example.test', appUrl: 'https://app.example.test',
  unsubscribeLink: 'https://app.example.test/unsubscribe/UNSUB-1', productName: 'PRODUCT-7731', amount: 'AMOUNT-42',
  sellerName: 'SELLER-Q', lessonTitle: 'LESSON-Z', notificationTitle: 'NTITLE-1', notificationText: 'NTEXT-9',
  dueDate: 'DUE-2026-01-01', retryDate: 'RETRY-2026-01-05',
}
const values = ['PRODUCT-7731', 'AMOUNT-42', 'SELLER-Q', 'LESSON-Z', 'NTITLE-1', 'NTEXT-9', 'DUE-2026-01-01', 'RETRY-2026-01-05', 'new-address@example.test']
const kinds = Object.keys(mailTexts.en.kinds) as MailKind[]
const locales = localeCode.options

describe('mail texts in every locale', () => {
  test('each locale of the spec has a file, with exactly the English kinds', () => {
    expect(Object.keys(mailTexts).sort()).toEqual([...locales].sort())
    expect(kinds.length).toBeGreaterThanOrEqual(39)
    for (const code of locales) expect(Object.keys(mailTexts[code].kinds).sort(), code).toEqual([...kinds].sort())
  })

  test.each(locales)('%s: every kind renders complete, with the values the English text shows', (code) => {
    for (const kind of kinds) {
      const en = renderMail(kind, 'en', sample)
      const mail = renderMail(kind, code, sample)
      const bare = renderMail(kind, code, { firstName: 'Zoë', appUrl: 'https://app.example.test' })
      const where = `${code} ${kind}`
      for (const m of [mail, bare]) {
        expect(m.subject.trim(), where).not.toBe('')
        expect(`${m.subject} ${m.text} ${m.html}`, where).not.toMatch(/\bundefined\b|\bnull\b|\bNaN\b|\[object|\$\{|\{\{/)
      }
      expect(mail.text, where).toContain('Zoë')
      expect(mail.text, where).toContain('UNSUB-1')
      for (const value of values) {
        if (en.subject.includes(value)) expect(mail.subject, `${where}: ${value} in the subject`).toContain(value)
        if (en.text.includes(value)) expect(mail.text, `${where}: ${value}`).toContain(value)
      }
      if (en.text.includes('LINK-1')) expect(mail.html, where).toContain('LINK-1')
      if (code !== 'en' && kind !== 'seller_notification') expect(mail.text, `${where} is translated`).not.toBe(en.text)
      expect(mail.html, where).toContain(`lang="${mailTexts[code].lang}"`)
      if (code === 'ar') expect(mail.html, where).toMatch(/<html lang="ar" dir="rtl"><body dir="rtl"/)
      else expect(mail.html, where).not.toContain('dir="rtl"')
    }
  })

  test.each(locales)('%s: the seller mail server notice and test mail', (code) => {
    const notice = smtpFailureNotice(code, { firstName: 'Zoë', host: 'smtp.HOST-1.test', error: 'ERROR-550', link: 'https://app.example.test/cabinet/mail_settings', appUrl: 'https://app.example.test' })
    const testMail = smtpTestMail(code, { host: 'smtp.HOST-1.test', appUrl: 'https://app.example.test' })
    for (const m of [notice, testMail]) {
      expect(m.subject.trim()).not.toBe('')
      expect(`${m.subject} ${m.text} ${m.html}`).not.toMatch(/\bundefined\b|\bnull\b|\$\{/)
      expect(m.text).toContain('smtp.HOST-1.test')
      expect(m.html.includes('dir="rtl"')).toBe(code === 'ar')
    }
    expect(notice.text).toContain('ERROR-550')
    expect(notice.text).toContain('Zoë')
    expect(notice.html).toContain('/cabinet/mail_settings')
  })

  test('the locale of a mail: the app\'s codes, browser style codes, else English', () => {
    expect(mailLocale('pt_br')).toBe('pt_br')
    expect(mailLocale('pt-BR')).toBe('pt_br')
    expect(mailLocale('pt_PT')).toBe('pt_pt')
    expect(mailLocale('de-AT')).toBe('de')
    expect(mailLocale('nb')).toBe('no')
    expect(mailLocale('pt')).toBe('pt_br')
    expect(mailLocale('AR')).toBe('ar')
    for (const unknown of ['xx', '', 'constructor', '__proto__', null, undefined]) expect(mailLocale(unknown)).toBe('en')
    expect(renderMail('confirmation', 'zz', sample).subject).toBe('Confirm your email address')
    expect(renderMail('confirmation', 'de-DE', sample).subject).toBe('Bestätige deine E-Mail-Adresse')
  })
})
