// The types of the platform's mail texts (email.templates.ts renders them). One file per locale in this folder
// exports a `MailTexts`: its type requires every MailKind, so the compiler proves each locale complete.

export type MailKind =
  | 'confirmation' | 'reset_password' | 'magic_link' | 'change_email' | 'email_changed_notice'
  | 'password_changed' | 'account_deactivated' | 'account_deleted' | 'order_confirmation' | 'lesson_available'
  // notifications (0032): a seller's notification by mail, its title and text made by the notifications module
  | 'seller_notification'
  // dunning (0027): a failed rate's reminder with the pay link, and the notice when it goes to collection
  | 'payment_reminder' | 'payment_final_notice'
  // invoices (0029): the payer's invoice or reversal with its PDF attached (productName: the document number)
  | 'invoice_issued' | 'invoice_reversed'
  // orders area (0030): a scheduled CSV export, the file attached
  | 'csv_export'
  // affiliates (0048): a publisher asks to join a seller's program (productName: the program, sellerName: the
  // publisher); a publisher's participation was accepted, rejected or ended (notificationText: the new state)
  | 'affiliate_node_requested' | 'affiliate_node_state'
  // a publisher's commission of a sale (productName, amount: the publisher's own, notificationText: the level),
  // and a monthly credit memo (productName: its number, sellerName, notificationText: the month YYYY-MM, amount)
  | 'affiliate_commission' | 'credit_memo_issued'
  // money out (0049): a manager's answer to an identity check or a bank account (notificationText: the reason
  // of a rejection), a refused document (productName: the document, notificationText: the reason), and a
  // payout's way (amount; notificationText: a cancellation's reason)
  | 'legitimation_accepted' | 'legitimation_rejected' | 'kyc_document_refused'
  | 'bank_account_accepted' | 'bank_account_rejected'
  | 'payout_requested' | 'payout_successful' | 'payout_canceled'
  // resellers (0051): a seller asks a reseller (sellerName: the seller, amount: the fee as shown); the reseller's
  // answer to the seller (productName: the reseller, notificationText: approved or rejected with the reason); an
  // approval ended (sellerName: the side that ended it, notificationText: the reason when given)
  | 'reseller_requested' | 'reseller_decided' | 'reseller_canceled'
  // teams (0053): a seller invites someone to their team (sellerName: the seller)
  | 'team_member_invited'
  // platform plans (0055): a seller's plan was bought, renewed or ended (productName: the plan, amount: the charge as shown)
  | 'platform_plan_bought' | 'platform_plan_renewed' | 'platform_plan_ended'
  // sales team and deals (0054): a seller invites a sales team member (sellerName, amount: the fee as shown); a
  // deal's offer to its payer (sellerName, productName, amount: the price as shown, notificationText: the note)
  | 'sales_team_member_invited' | 'deal_offer'
  // built pages (0065): a payer sent a page's contact form (productName: the page, notificationText: the fields as lines)
  | 'contact_form_submission'
  // signed webhooks (0072): an endpoint paused after a long run of failures (productName: its URL, notificationText: the failed attempts)
  | 'webhook_endpoint_paused'

export type MailParams = {
  firstName: string; link?: string; newEmail?: string; appUrl: string; unsubscribeLink?: string
  /** order_confirmation: what was bought, the amount paid as shown, and who sold it. */
  productName?: string; amount?: string; sellerName?: string
  /** lesson_available: the dripped lesson that opened (productName is the course). */
  lessonTitle?: string
  /** seller_notification: the notification's title (the subject) and text. */
  notificationTitle?: string; notificationText?: string
  /** payment_reminder / payment_final_notice: the rate's due date and the next retry, as shown (amount: what is owed). */
  dueDate?: string; retryDate?: string
}

export type Rendered = { subject: string; intro: string; action?: string; outro: string }

/** Everything the email module writes in one language: the templates, the layout's words and the simple mails. */
export type MailTexts = {
  /** The html element's lang (BCP 47). */
  lang: string
  /** The writing direction of the mail's html; Arabic is rtl. */
  dir: 'ltr' | 'rtl'
  /** Between a label and its value in the plain text ("Pay now: https://…"); French puts a no-break space before it. */
  colon: string
  greeting: (firstName: string) => string
  /** The greeting of a mail to no one by name (the seller's test mail). */
  greetingWithoutName: string
  /** The unsubscribe link's text below a category mail. */
  unsubscribe: string
  kinds: { [K in MailKind]: (p: MailParams) => Rendered }
  /** email.simple-mail.ts: the seller's notice that their mail server failed, and their test mail. */
  smtpFailureNotice: (p: { host: string; error: string }) => { subject: string; paragraphs: string[]; action: string }
  smtpTestMail: (p: { host: string }) => { subject: string; paragraphs: string[] }
}
