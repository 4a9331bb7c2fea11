import { Button, Group, Stack, Switch, Text } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormError } from '../../../../components/form-error'
import { NumberField } from '../../../../components/number-field'
import { downloadSettingsQuery, saveDownloadSettings } from '../../api/download-settings'

// Part of the "file upload" step: stamp PDF files with the payer's name and email when downloaded, and
// limit how often one order may download each file (docs/decisions/0020-issued-certificates-licenses-downloads.md).

export function DownloadSettingsSection({ productId }: { productId: number }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const settings = useQuery(downloadSettingsQuery(productId))
  const [stamp, setStamp] = useState(false)
  const [limit, setLimit] = useState('')
  useEffect(() => {
    if (!settings.data) return
    setStamp(settings.data.stampPdf)
    setLimit(settings.data.downloadLimit === null ? '' : String(settings.data.downloadLimit))
  }, [settings.data])
  const save = useMutation({
    mutationFn: () => saveDownloadSettings(productId, { stamp_pdf: stamp, download_limit: limit === '' ? null : Number(limit) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: downloadSettingsQuery(productId).queryKey }),
  })
  return (
    <Stack gap="xs" data-testid="download-settings">
      <Text fw={600}>{t('certificatesIssued.downloads.title')}</Text>
      {/* The seller's pdf_stamp feature flag: without it the switch is hidden and files are served unstamped. */}
      {settings.data?.pdfStampAvailable && (
        <Switch
          label={t('certificatesIssued.downloads.stampPdf')}
          description={t('certificatesIssued.downloads.stampPdfHelp')}
          checked={stamp}
          onChange={(event) => setStamp(event.currentTarget.checked)}
          data-testid="download-stamp-pdf"
        />
      )}
      <NumberField
        label={t('certificatesIssued.downloads.limit')}
        description={t('certificatesIssued.downloads.limitHelp')}
        min={1} max={10000} allowEmptyValue value={limit} onChange={setLimit} w={260}
      />
      <FormError error={save.error} />
      <Group>
        <Button variant="light" onClick={() => save.mutate()} loading={save.isPending} disabled={settings.isPending} data-testid="download-settings-save">
          {save.isSuccess ? t('certificatesIssued.downloads.saved') : t('certificatesIssued.downloads.save')}
        </Button>
      </Group>
    </Stack>
  )
}
