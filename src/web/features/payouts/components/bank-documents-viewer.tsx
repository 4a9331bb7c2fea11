import { Anchor, Group, Image, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { StatusBadge } from '../../../components/status-badge'
import { kycDocumentObjectUrl, type AdminBankAccount } from '../api/bank-accounts'

// The party's identity documents beside the bank account a manager checks: images are fetched with the
// manager's token and shown from an object URL (the files are private, docs/decisions/0049-money-out.md
// "Identity"); PDFs open in a new tab.

type KycDocument = AdminBankAccount['legitimation']['documents'][number]

function useObjectUrl(id: number) {
  const query = useQuery({ queryKey: ['admin', 'kyc-document-file', id], queryFn: () => kycDocumentObjectUrl(id), staleTime: Infinity, gcTime: 60_000, retry: false })
  const url = query.data
  useEffect(() => () => { if (url) URL.revokeObjectURL(url) }, [url])
  return query
}

function ImagePreview({ doc }: { doc: KycDocument }) {
  const { t } = useTranslation()
  const file = useObjectUrl(doc.id)
  if (file.isPending) return <Loader size="sm" />
  if (!file.data) return <Text size="sm" c="red">{t('moneyBank.documents.unavailable')}</Text>
  return (
    <Anchor href={file.data} target="_blank" rel="noopener noreferrer">
      <Image src={file.data} alt={doc.fileName} mah={240} fit="contain" radius="sm" />
    </Anchor>
  )
}

function PdfLink({ doc }: { doc: KycDocument }) {
  const { t } = useTranslation()
  const open = async () => {
    // Opened first so the browser counts it as the click's window, then pointed at the fetched file.
    const tab = window.open('', '_blank')
    try {
      const url = await kycDocumentObjectUrl(doc.id)
      if (tab) tab.location.href = url
      else window.open(url, '_blank')
    } catch {
      tab?.close()
    }
  }
  return <Anchor component="button" type="button" onClick={() => void open()} data-testid={`bank-document-open-${doc.id}`}>{t('moneyBank.documents.openPdf')}</Anchor>
}

export function BankDocumentsViewer({ documents }: { documents: KycDocument[] }) {
  const { t } = useTranslation()
  if (documents.length === 0) return <Text size="sm" c="dimmed" data-testid="bank-documents-empty">{t('moneyBank.documents.none')}</Text>
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="bank-documents">
      {documents.map((doc) => (
        <Paper key={doc.id} withBorder p="xs" data-testid={`bank-document-${doc.id}`}>
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={500}>{t(`moneyBank.documents.kinds.${doc.kind}`, { defaultValue: doc.kind })}</Text>
              <StatusBadge status={doc.state} />
            </Group>
            <Text size="xs" c="dimmed" truncate>{doc.fileName}</Text>
            {doc.contentType.startsWith('image/') ? <ImagePreview doc={doc} /> : <PdfLink doc={doc} />}
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  )
}
