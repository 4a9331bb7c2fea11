import { Alert, Anchor, Badge, Box, Card, Code, Group, Image, Loader, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link, Navigate, useParams } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { errorText } from '../../../components/form-error'
import { isApiError } from '../../../lib/api-client'
import { StatusBadge } from '../../../components/status-badge'
import { formatDateTime, money } from '../../../lib/format'
import { openPayerInvoicePdf, payerInvoicesQuery } from '../api/invoices'
import { payerCommunitiesQuery } from '../api/communities'
import { payerSellerQuery, type PayerSeller } from '../api/purchases'
import { TicketUpgradeButton } from '../components/ticket-upgrade-button'
import { PurchaseRow, type DirectLink } from './payer-home-page'

function Section({ title, testId, children, id }: { title: string; testId: string; children: React.ReactNode; id?: string }) {
  return (
    <Card withBorder padding="lg" radius="md" data-testid={testId} id={id}>
      <Stack gap="sm"><Title order={3} fz="lg">{title}</Title>{children}</Stack>
    </Card>
  )
}

/** The direct ways into one purchase on this page: its file (one), its ticket's PDF, its certificate's PDF. */
function directLinks(d: PayerSeller, p: PayerSeller['purchases'][number], t: (key: string, options?: Record<string, unknown>) => string, communityIds: ReadonlySet<number>): DirectLink[] {
  const links: DirectLink[] = []
  // A membership's community (docs/decisions/0083-community.md), when its seller has switched it on.
  if (communityIds.has(p.productId)) links.push({ href: `/payer/s/${d.sellerId}/community/${p.productId}`, label: t('payerArea.community'), internal: true })
  const files = d.downloads.filter((f) => f.productId === p.productId)
  if (files.length === 1) links.push({ href: files[0]!.url, label: t('payerArea.download') })
  else if (files.length > 1) links.push({ href: '#payer-downloads', label: t('payerArea.downloadsCount', { count: files.length }) })
  const ticket = d.paymentTickets.find((x) => x.productId === p.productId)
  if (ticket) links.push({ href: ticket.pdfUrl, label: t('payerArea.yourTicket') })
  const certificate = d.certificates.find((c) => c.productId === p.productId && c.state !== 'revoked')
  if (certificate) links.push({ href: certificate.pdfUrl, label: t('payerArea.certificatePdf') })
  return links
}

// /payer/s/$id: what the payer bought from one seller: access, downloads, tickets with QR, license keys,
// certificates and the payments with their manage page. Another payer's seller answers 404.
export function PayerSellerPage() {
  const { t, i18n } = useTranslation()
  const { id } = useParams({ strict: false }) as { id: string }
  const page = useQuery(payerSellerQuery(Number(id)))
  const invoices = useQuery(payerInvoicesQuery(Number(id)))
  const communities = useQuery(payerCommunitiesQuery())
  const communityIds = new Set((communities.data?.list ?? []).filter((c) => c.sellerId === Number(id)).map((c) => c.productId))
  if (page.isPending) return <Loader size="sm" />
  // A shop's sign-in returns here (docs/decisions/0069-member-pages.md); a payer with nothing from this seller yet
  // goes on to the payer area's home rather than to a "not found".
  if (page.isError && isApiError(page.error) && page.error.status === 404) return <Navigate to="/payer" replace />
  if (page.isError) return <Alert color="red" data-testid="payer-seller-missing">{errorText(page.error, i18n.language, t('payerArea.notFound'))}</Alert>
  const d = page.data
  return (
    <Stack gap="lg" data-testid="payer-seller-page">
      {d.branding && <SellerBrandBar branding={d.branding} name={d.name || d.username} />}
      <Group justify="space-between">
        <Title order={2}>{t('payerArea.sellerTitle', { name: d.name || d.username })}</Title>
        <Anchor component={Link} to="/payer">{t('payerArea.back')}</Anchor>
      </Group>
      <Section title={t('payerArea.purchases')} testId="payer-purchases">
        {d.purchases.map((p) => <PurchaseRow key={p.grantId} purchase={p} direct={directLinks(d, p, t, communityIds)} />)}
      </Section>
      {d.downloads.length > 0 && (
        <Section title={t('payerArea.downloads')} testId="payer-downloads" id="payer-downloads">
          {d.downloads.map((f) => (
            <Group key={f.url} justify="space-between"><Text size="sm">{f.productName}</Text><Anchor href={f.url} data-testid="payer-download">{f.name}</Anchor></Group>
          ))}
        </Section>
      )}
      {d.paymentTickets.length > 0 && (
        <Section title={t('payerArea.tickets')} testId="payer-tickets">
          {d.paymentTickets.map((ticket) => (
            <Group key={ticket.id} align="flex-start" data-testid="payer-ticket" data-code={ticket.code}>
              <Image src={ticket.qrUrl} alt={t('payerArea.qr', { code: ticket.code })} w={120} h={120} />
              <Stack gap={2}>
                <Text fw={500}>{ticket.productName} – {ticket.ticketName}</Text>
                {ticket.startsAt && <Text size="sm">{formatDateTime(ticket.startsAt, i18n.language)}</Text>}
                <Code>{ticket.code}</Code>
                <StatusBadge status={ticket.state} />
                {ticket.state === 'unused' && <TicketUpgradeButton paymentTicketId={ticket.id} />}
                <Group gap="sm"><Anchor href={ticket.pdfUrl} size="sm">{t('payerArea.ticketPdf')}</Anchor><Anchor href={ticket.icsUrl} size="sm">{t('payerArea.calendar')}</Anchor></Group>
              </Stack>
            </Group>
          ))}
        </Section>
      )}
      {d.licenseKeys.length > 0 && (
        <Section title={t('payerArea.licenseKeys')} testId="payer-license-keys">
          {d.licenseKeys.map((k) => (
            <Group key={k.key} justify="space-between"><Text size="sm">{k.productName}</Text><Code data-testid="payer-license-key">{k.key}</Code></Group>
          ))}
        </Section>
      )}
      {d.certificates.length > 0 && (
        <Section title={t('payerArea.certificates')} testId="payer-certificates">
          {d.certificates.map((c) => (
            <Group key={c.serial} justify="space-between">
              <Text size="sm">{c.productName} <Badge variant="light" size="sm">{c.serial}</Badge></Text>
              <Group gap="sm"><Anchor href={c.pdfUrl} size="sm">{t('payerArea.certificatePdf')}</Anchor><Anchor href={c.verifyUrl} size="sm">{t('payerArea.verify')}</Anchor></Group>
            </Group>
          ))}
        </Section>
      )}
      {(invoices.data?.list.length ?? 0) > 0 && (
        <Section title={t('invoices.payer.title')} testId="payer-invoices">
          {invoices.data!.list.map((inv) => (
            <Group key={inv.id} justify="space-between" data-testid="payer-invoice" data-number={inv.number}>
              <Text size="sm">{t(`invoices.payer.${inv.kind}`, { number: inv.number })} · {inv.productName} · {formatDateTime(inv.issuedAt, i18n.language)}</Text>
              <Group gap="sm">
                <Text size="sm">{money(inv.grossAmount, inv.currency)}</Text>
                <Anchor component="button" type="button" size="sm" onClick={() => void openPayerInvoicePdf(inv.id)}>{t('invoices.payer.pdf')}</Anchor>
              </Group>
            </Group>
          ))}
        </Section>
      )}
      <Section title={t('payerArea.payments')} testId="payer-payments" id="payer-payments">
        <Table>
          <Table.Tbody>
            {d.orders.map((o) => (
              <Table.Tr key={o.token}>
                <Table.Td>{o.productName}</Table.Td>
                <Table.Td>{money(o.paidAmount, o.currency)}</Table.Td>
                <Table.Td><StatusBadge status={o.paymentState} /></Table.Td>
                <Table.Td><Anchor href={o.manageUrl} size="sm">{t('payerArea.manage')}</Anchor></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
    </Stack>
  )
}

/** The seller's logo on their colours (docs/decisions/0085-customization.md), above their page of the payer area. */
function SellerBrandBar({ branding, name }: { branding: NonNullable<PayerSeller['branding']>; name: string }) {
  return (
    <Box data-testid="payer-seller-branding" p="sm" style={{
      background: branding.primaryColor ?? undefined, color: branding.primaryTextColor ?? undefined, borderRadius: 8,
      borderBottom: branding.accentColor ? `3px solid ${branding.accentColor}` : undefined,
    }}>
      {branding.logoUrl ? <img src={branding.logoUrl} alt={name} style={{ maxHeight: 48, maxWidth: 220, display: 'block' }} /> : <Text fw={700}>{name}</Text>}
    </Box>
  )
}
