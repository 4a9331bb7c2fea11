import nodemailer from 'nodemailer'

export type MailAttachment = { filename: string; contentType: string; content: Buffer }
export type OutgoingMail = { to: string; subject: string; html: string; text: string; headers?: Record<string, string>; attachments?: MailAttachment[] }

/** Sends over SMTP when SMTP_URL is set; otherwise mails stay stored in email_logs and readable in the app. */
export interface Mailer {
  readonly delivers: boolean
  send(mail: OutgoingMail): Promise<void>
  close(): void
}

export function createMailer(smtpUrl: string | undefined, from: string): Mailer {
  if (!smtpUrl) {
    return { delivers: false, async send() {}, close() {} }
  }
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    delivers: true,
    async send(mail) {
      await transport.sendMail({ from, ...mail })
    },
    close: () => transport.close(),
  }
}
