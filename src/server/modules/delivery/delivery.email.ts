import { isRichText, plainTextOf } from '../../../shared/html/rich-text'
import { htmlLang, localeDirection } from '../../../shared/i18n/locales'
import type { LocaleCode } from '../../../shared/schemas/accounts'
import type { DeliverablesOutput, DeliveryPlaceholder } from '../../../shared/schemas/delivery'

// The delivery mail (docs/reference/catalogue-and-selling.md §3 "Delivery email modes"): standard_email is the platform's text; custom_email
// the seller's subject and text with {placeholders}; both list what was delivered below the text.
// no_email sends nothing (the order confirmation still goes out). Every value put into HTML is escaped.
// The seller's text is the rich text editor's sanitised HTML (docs/decisions/0043-editor-uploads-and-confirmations.md)
// or, written before the editor, plain text with blank lines between paragraphs.

/** The standard mail's words and the list's headings in one language; the type requires every one of them. */
type DeliveryMailTexts = {
  /** Between a label and its value in the plain text ("All your purchases: https://…"); French puts a no-break space before it. */
  colon: string
  subject: (product: string) => string
  hello: (firstName: string) => string
  intro: (product: string, seller: string) => string
  open: string; area: string; keys: string; downloads: string; tickets: string; certificates: string; attached: string; signIn: string
}

// The 20 locales of the spec, with the address and words of the platform's other payer mails
// (src/server/modules/email/mail-texts/<code>.ts): «du» in German, formal in French, Czech, Hungarian, Greek,
// Turkish, Korean, Croatian and Romanian; Turkish keeps values apart so no suffix hangs on a name. The
// Record makes a missing locale or word a compile error.
const texts: Record<LocaleCode, DeliveryMailTexts> = {
  en: {
    colon: ':',
    subject: (p) => `Your purchase is ready: ${p}`,
    hello: (n) => `Hello ${n},`,
    intro: (p, s) => `thank you for buying ${p} from ${s}. Everything you bought is ready for you.`,
    open: 'What you bought', area: 'All your purchases', keys: 'Your license keys', downloads: 'Your downloads',
    tickets: 'Your tickets', certificates: 'Your certificates', attached: 'Attached to this mail', signIn: 'Sign in with this email address to open your purchases: we mail you a sign-in link, no password needed.',
  },
  de: {
    colon: ':',
    subject: (p) => `Dein Kauf ist bereit: ${p}`,
    hello: (n) => `Hallo ${n},`,
    intro: (p, s) => `danke für deinen Kauf von ${p} bei ${s}. Alles, was du gekauft hast, ist für dich bereit.`,
    open: 'Was du gekauft hast', area: 'Alle deine Käufe', keys: 'Deine Lizenzschlüssel', downloads: 'Deine Downloads',
    tickets: 'Deine Tickets', certificates: 'Deine Zertifikate', attached: 'Im Anhang dieser E-Mail', signIn: 'Melde dich mit dieser E-Mail-Adresse an, um deine Käufe zu öffnen: wir schicken dir einen Anmeldelink, kein Passwort nötig.',
  },
  es: {
    colon: ':',
    subject: (p) => `Tu compra ya está lista: ${p}`,
    hello: (n) => `Hola, ${n}:`,
    intro: (p, s) => `Gracias por comprar ${p} a ${s}. Todo lo que has comprado ya está disponible.`,
    open: 'Lo que has comprado', area: 'Todas tus compras', keys: 'Tus claves de licencia', downloads: 'Tus descargas',
    tickets: 'Tus entradas', certificates: 'Tus certificados', attached: 'Adjuntos a este correo', signIn: 'Para abrir tus compras, inicia sesión con esta dirección de correo: te enviamos un enlace de acceso, sin contraseña.',
  },
  ar: {
    colon: ':',
    subject: (p) => `مشترياتك جاهزة: ${p}`,
    hello: (n) => `مرحبًا ${n}،`,
    intro: (p, s) => `شكرًا لك على شراء ${p} من ${s}. كل ما اشتريته أصبح جاهزًا لك.`,
    open: 'ما اشتريته', area: 'جميع مشترياتك', keys: 'مفاتيح الترخيص الخاصة بك', downloads: 'تنزيلاتك',
    tickets: 'تذاكرك', certificates: 'شهاداتك', attached: 'مرفق بهذه الرسالة', signIn: 'لفتح مشترياتك، سجّل الدخول بعنوان البريد الإلكتروني هذا: نرسل إليك رابط تسجيل دخول دون الحاجة إلى كلمة مرور.',
  },
  cs: {
    colon: ':',
    subject: (p) => `Váš nákup je připraven: ${p}`,
    hello: (n) => `Dobrý den, ${n},`,
    intro: (p, s) => `Děkujeme za nákup produktu ${p} od prodejce ${s}. Vše, co jste zakoupili, je pro vás připraveno.`,
    open: 'Co jste zakoupili', area: 'Všechny vaše nákupy', keys: 'Vaše licenční klíče', downloads: 'Vaše soubory ke stažení',
    tickets: 'Vaše vstupenky', certificates: 'Vaše certifikáty', attached: 'Přílohy tohoto e-mailu', signIn: 'Své nákupy otevřete po přihlášení touto e-mailovou adresou: pošleme vám přihlašovací odkaz, heslo není potřeba.',
  },
  da: {
    colon: ':',
    subject: (p) => `Dit køb er klar: ${p}`,
    hello: (n) => `Hej ${n}`,
    intro: (p, s) => `Tak for dit køb af ${p} hos ${s}. Alt, hvad du har købt, er klar til dig.`,
    open: 'Det har du købt', area: 'Alle dine køb', keys: 'Dine licensnøgler', downloads: 'Dine downloads',
    tickets: 'Dine billetter', certificates: 'Dine certifikater', attached: 'Vedhæftet denne mail', signIn: 'Log ind med denne e-mailadresse for at åbne dine køb: vi sender dig et login-link, ingen adgangskode nødvendig.',
  },
  el: {
    colon: ':',
    subject: (p) => `Η αγορά σας είναι έτοιμη: ${p}`,
    hello: (n) => `Γεια σας, ${n},`,
    intro: (p, s) => `Σας ευχαριστούμε για την αγορά σας από ${s}: ${p}. Όλα όσα αγοράσατε είναι πλέον έτοιμα για εσάς.`,
    open: 'Όσα αγοράσατε', area: 'Όλες οι αγορές σας', keys: 'Τα κλειδιά άδειας χρήσης σας', downloads: 'Τα αρχεία λήψης σας',
    tickets: 'Τα εισιτήριά σας', certificates: 'Τα πιστοποιητικά σας', attached: 'Συνημμένα σε αυτό το email', signIn: 'Για να ανοίξετε τις αγορές σας, συνδεθείτε με αυτή τη διεύθυνση email: σας στέλνουμε σύνδεσμο σύνδεσης, χωρίς κωδικό πρόσβασης.',
  },
  fr: {
    colon: '\u00a0:',
    subject: (p) => `Votre achat est prêt\u00a0: ${p}`,
    hello: (n) => `Bonjour ${n},`,
    intro: (p, s) => `Merci pour votre achat de ${p} auprès de ${s}. Tout ce que vous avez acheté est à votre disposition.`,
    open: 'Ce que vous avez acheté', area: 'Tous vos achats', keys: 'Vos clés de licence', downloads: 'Vos téléchargements',
    tickets: 'Vos billets', certificates: 'Vos certificats', attached: 'Pièces jointes à cet e-mail', signIn: 'Pour accéder à vos achats, connectez-vous avec cette adresse e-mail\u00a0: nous vous envoyons un lien de connexion, sans mot de passe.',
  },
  hu: {
    colon: ':',
    subject: (p) => `Vásárlása készen áll: ${p}`,
    hello: (n) => `Kedves ${n}!`,
    intro: (p, s) => `Köszönjük vásárlását: ${p}, eladó: ${s}. Minden, amit megvásárolt, már elérhető az Ön számára.`,
    open: 'Amit vásárolt', area: 'Összes vásárlása', keys: 'Licenckulcsai', downloads: 'Letöltései',
    tickets: 'Jegyei', certificates: 'Tanúsítványai', attached: 'Az e-mail mellékletei', signIn: 'Vásárlásai megnyitásához jelentkezzen be ezzel az e-mail-címmel: bejelentkezési linket küldünk, jelszó nélkül.',
  },
  it: {
    colon: ':',
    subject: (p) => `Il tuo acquisto è pronto: ${p}`,
    hello: (n) => `Ciao ${n},`,
    intro: (p, s) => `Grazie per aver acquistato ${p} da ${s}. Tutto quello che hai acquistato è pronto per te.`,
    open: 'Cosa hai acquistato', area: 'Tutti i tuoi acquisti', keys: 'Le tue chiavi di licenza', downloads: 'I tuoi download',
    tickets: 'I tuoi biglietti', certificates: 'I tuoi certificati', attached: 'In allegato a questa e-mail', signIn: 'Per aprire i tuoi acquisti, accedi con questo indirizzo e-mail: ti inviamo un link di accesso, senza password.',
  },
  pl: {
    colon: ':',
    subject: (p) => `Zakup jest gotowy: ${p}`,
    hello: (n) => `Dzień dobry, ${n},`,
    intro: (p, s) => `Dziękujemy za zakup ${p} u sprzedawcy ${s}. Wszystkie zakupione produkty są już dostępne.`,
    open: 'Zakupione produkty', area: 'Wszystkie zakupy', keys: 'Klucze licencyjne', downloads: 'Pliki do pobrania',
    tickets: 'Bilety', certificates: 'Certyfikaty', attached: 'Załączniki do tej wiadomości', signIn: 'Aby otworzyć zakupy, wystarczy zalogować się tym adresem e-mail: wyślemy link do logowania, bez hasła.',
  },
  pt_br: {
    colon: ':',
    subject: (p) => `Sua compra está pronta: ${p}`,
    hello: (n) => `Olá, ${n},`,
    intro: (p, s) => `Obrigado por comprar ${p} de ${s}. Tudo o que você comprou já está disponível.`,
    open: 'O que você comprou', area: 'Todas as suas compras', keys: 'Suas chaves de licença', downloads: 'Seus downloads',
    tickets: 'Seus ingressos', certificates: 'Seus certificados', attached: 'Anexos deste e-mail', signIn: 'Para acessar suas compras, entre com este endereço de e-mail: enviamos um link de acesso, sem precisar de senha.',
  },
  pt_pt: {
    colon: ':',
    subject: (p) => `A compra está pronta: ${p}`,
    hello: (n) => `Olá ${n},`,
    intro: (p, s) => `Obrigado pela compra de ${p} a ${s}. Tudo o que comprou já está disponível.`,
    open: 'O que comprou', area: 'Todas as compras', keys: 'Chaves de licença', downloads: 'Downloads',
    tickets: 'Bilhetes', certificates: 'Certificados', attached: 'Anexos a este e-mail', signIn: 'Para abrir as compras, inicie sessão com este endereço de e-mail: enviamos uma ligação de acesso, sem palavra-passe.',
  },
  sv: {
    colon: ':',
    subject: (p) => `Ditt köp är klart: ${p}`,
    hello: (n) => `Hej ${n}!`,
    intro: (p, s) => `Tack för att du köpte ${p} från ${s}. Allt du har köpt är redo för dig.`,
    open: 'Det här har du köpt', area: 'Alla dina köp', keys: 'Dina licensnycklar', downloads: 'Dina nedladdningar',
    tickets: 'Dina biljetter', certificates: 'Dina certifikat', attached: 'Bifogat i det här mejlet', signIn: 'Logga in med den här e-postadressen för att öppna dina köp: vi skickar en inloggningslänk till dig, inget lösenord behövs.',
  },
  tr: {
    colon: ':',
    subject: (p) => `Satın aldığınız ürün hazır: ${p}`,
    hello: (n) => `Merhaba ${n},`,
    intro: (p, s) => `Satın alımınız için teşekkür ederiz. Ürün: ${p}. Satıcı: ${s}. Satın aldığınız her şey sizin için hazır.`,
    open: 'Satın aldıklarınız', area: 'Tüm satın aldıklarınız', keys: 'Lisans anahtarlarınız', downloads: 'İndirmeleriniz',
    tickets: 'Biletleriniz', certificates: 'Sertifikalarınız', attached: 'Bu e-postanın ekleri', signIn: 'Satın aldıklarınızı açmak için bu e-posta adresiyle giriş yapın: size şifre gerektirmeyen bir giriş bağlantısı göndeririz.',
  },
  ko: {
    colon: ':',
    subject: (p) => `구매하신 상품이 준비되었습니다: ${p}`,
    hello: (n) => `${n}님, 안녕하세요.`,
    intro: (p, s) => `${s}에서 ${p}을(를) 구매해 주셔서 감사합니다. 구매하신 모든 상품이 준비되었습니다.`,
    open: '구매한 상품', area: '전체 구매 내역', keys: '라이선스 키', downloads: '다운로드',
    tickets: '티켓', certificates: '수료증', attached: '첨부 파일', signIn: '구매한 상품을 열려면 이 이메일 주소로 로그인하세요. 비밀번호 없이 로그인 링크를 보내 드립니다.',
  },
  no: {
    colon: ':',
    subject: (p) => `Kjøpet ditt er klart: ${p}`,
    hello: (n) => `Hei ${n}!`,
    intro: (p, s) => `Takk for at du kjøpte ${p} fra ${s}. Alt du har kjøpt, er klart for deg.`,
    open: 'Dette har du kjøpt', area: 'Alle kjøpene dine', keys: 'Lisensnøklene dine', downloads: 'Nedlastingene dine',
    tickets: 'Billettene dine', certificates: 'Sertifikatene dine', attached: 'Vedlagt denne e-posten', signIn: 'Logg inn med denne e-postadressen for å åpne kjøpene dine: vi sender deg en innloggingslenke, uten passord.',
  },
  hr: {
    colon: ':',
    subject: (p) => `Vaša kupnja je spremna: ${p}`,
    hello: (n) => `Dobar dan, ${n},`,
    intro: (p, s) => `Hvala na kupnji proizvoda ${p} od prodavatelja ${s}. Sve što ste kupili spremno je za Vas.`,
    open: 'Što ste kupili', area: 'Sve Vaše kupnje', keys: 'Vaši licencni ključevi', downloads: 'Vaša preuzimanja',
    tickets: 'Vaše ulaznice', certificates: 'Vaši certifikati', attached: 'Privitci ove e-poruke', signIn: 'Za otvaranje kupnji prijavite se ovom adresom e-pošte: poslat ćemo Vam poveznicu za prijavu, lozinka nije potrebna.',
  },
  ro: {
    colon: ':',
    subject: (p) => `Achiziția dumneavoastră este gata: ${p}`,
    hello: (n) => `Bună ziua, ${n},`,
    intro: (p, s) => `Vă mulțumim că ați cumpărat ${p} de la ${s}. Tot ce ați cumpărat vă stă acum la dispoziție.`,
    open: 'Ce ați cumpărat', area: 'Toate cumpărăturile dumneavoastră', keys: 'Cheile dumneavoastră de licență', downloads: 'Descărcările dumneavoastră',
    tickets: 'Biletele dumneavoastră', certificates: 'Certificatele dumneavoastră', attached: 'Atașate acestui e-mail', signIn: 'Pentru a deschide cumpărăturile, conectați-vă cu această adresă de e-mail: vă trimitem un link de conectare, fără parolă.',
  },
  nl: {
    colon: ':',
    subject: (p) => `Je aankoop staat klaar: ${p}`,
    hello: (n) => `Hallo ${n},`,
    intro: (p, s) => `Bedankt voor je aankoop van ${p} bij ${s}. Alles wat je hebt gekocht, staat voor je klaar.`,
    open: 'Wat je hebt gekocht', area: 'Al je aankopen', keys: 'Je licentiesleutels', downloads: 'Je downloads',
    tickets: 'Je tickets', certificates: 'Je certificaten', attached: 'Bijlagen bij deze e-mail', signIn: 'Log in met dit e-mailadres om je aankopen te openen: we sturen je een inloglink, zonder wachtwoord.',
  },
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

/** Replaces the known {placeholders}; anything else in braces stays as the seller wrote it. */
export function fillPlaceholders(text: string, values: Record<DeliveryPlaceholder, string>): string {
  return text.replace(/\{([a-z_]+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? values[name as DeliveryPlaceholder] : whole))
}

export type DeliveryMailInput = {
  /** The order's language (`orders.locale`, read through email.mailLocale: unknown gives English). */
  locale: LocaleCode
  mode: 'standard_email' | 'custom_email'
  custom: { subject: string; body: string }
  values: Record<DeliveryPlaceholder, string>
  deliverables: DeliverablesOutput
  attachmentNames: string[]
  appUrl: string
}

export function renderDeliveryMail(input: DeliveryMailInput): { subject: string; html: string; text: string } {
  const t = texts[input.locale]
  const v = input.values
  const d = input.deliverables
  const subject = input.mode === 'custom_email' ? fillPlaceholders(input.custom.subject, v).replace(/[\r\n]+/g, ' ').slice(0, 200) : t.subject(v.product_name)
  const rich = input.mode === 'custom_email' && isRichText(input.custom.body)
  const escapedValues = Object.fromEntries(Object.entries(v).map(([key, value]) => [key, escapeHtml(value)])) as Record<DeliveryPlaceholder, string>
  const paragraphs = input.mode === 'custom_email'
    ? (rich ? fillPlaceholders(plainTextOf(input.custom.body), v) : fillPlaceholders(input.custom.body, v)).split(/\n{2,}/)
    : [t.hello(v.first_name), t.intro(v.product_name, v.seller_name)]
  const bodyHtml = rich
    ? fillPlaceholders(input.custom.body, escapedValues)
    : paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('')
  // Every product the order gave access to (bundles and memberships with what they include), linked where it opens.
  const sections: { title: string; plain?: boolean; lines: { label: string; url?: string }[] }[] = [
    { title: t.open, plain: true, lines: d.products.map((p) => (p.access_url ? { label: p.name, url: p.access_url } : { label: p.name })) },
    { title: t.keys, lines: d.license_keys.map((k) => ({ label: k.key })) },
    { title: t.downloads, lines: d.downloads.map((f) => ({ label: f.name, url: f.url })) },
    { title: t.tickets, lines: d.payment_tickets.map((k) => ({ label: k.code, url: k.pdf_url })) },
    { title: t.certificates, lines: d.certificates.map((c) => ({ label: c.serial, url: c.verify_url })) },
    { title: t.attached, lines: input.attachmentNames.map((name) => ({ label: name })) },
  ].filter((s) => s.lines.length > 0)

  const text = [
    ...paragraphs.flatMap((p) => [p, '']),
    ...sections.flatMap((s) => [`${s.title}${t.colon}`, ...s.lines.map((l) => `- ${l.label}${l.url ? `${t.colon} ${l.url}` : ''}`), '']),
    `${t.area}${t.colon} ${v.payer_area_url}`, '', t.signIn,
  ].join('\n')
  // The html element carries the mail's language and, for Arabic, its direction; the body repeats them for
  // mail clients that drop the html element (as email.templates.ts's htmlOpen and bodyDir).
  const lang = htmlLang(input.locale)
  const rtl = localeDirection(input.locale) === 'rtl'
  const html = `<!doctype html><html lang="${lang}"${rtl ? ' dir="rtl"' : ''}><body${rtl ? ` dir="rtl" lang="${lang}"` : ''} style="font-family:Montserrat,Arial,sans-serif;color:#222;max-width:560px;margin:0 auto;padding:24px">`
    + bodyHtml
    + sections.map((s) => `<h3 style="font-size:15px;margin:20px 0 6px">${escapeHtml(s.title)}</h3><ul data-section="${escapeHtml(s.title)}">`
      + s.lines.map((l) => `<li>${l.url ? `<a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a>` : s.plain ? escapeHtml(l.label) : `<code>${escapeHtml(l.label)}</code>`}</li>`).join('') + '</ul>').join('')
    + `<p style="margin:24px 0"><a href="${escapeHtml(v.payer_area_url)}" style="background:#1c7ed6;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(t.area)}</a></p>`
    + `<p style="font-size:12px;color:#555">${escapeHtml(t.signIn)}</p>`
    + `<hr style="border:none;border-top:1px solid #eee"><p style="font-size:12px;color:#777">Sellfront · ${escapeHtml(input.appUrl)}</p></body></html>`
  return { subject, html, text }
}
