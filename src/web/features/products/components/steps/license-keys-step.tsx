import { Alert, Badge, Button, FileInput, Group, SimpleGrid, Stack, Tabs, Text, TextInput, Textarea } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { addLicenseKeysInput, licenseKeysMaxPerRequest } from '../../../../../shared/schemas/catalog'
import { DataTable, type DataTableColumn } from '../../../../components/data-table'
import { FormError } from '../../../../components/form-error'
import { NumberField } from '../../../../components/number-field'
import { StatusBadge } from '../../../../components/status-badge'
import { initialListState, type ListState } from '../../../../components/list-state'
import { zodFieldErrors } from '../../../../lib/forms'
import { formatDateTime } from '../../../../lib/format'
import { addLicenseKeys } from '../../api/add-license-keys'
import { licenseSettingsQuery } from '../../api/license-settings'
import { licenseKeysQuery } from '../../api/list-license-keys'
import type { AddLicenseKeysAnswer, LicenseKey } from '../../api/types'
import { uploadLicenseKeys } from '../../api/upload-license-keys'
import { atActivationLimit, usesText } from '../license-uses'
import { LicenseSettingsSection } from './license-settings-section'
import type { StepProps } from './step-types'

// Step "add license keys": keys pasted by hand (one per line), a CSV upload, or keys generated from a
// format (docs/reference/catalogue-and-selling.md §5 format rules, checked with the shared schema). Duplicates are counted and
// skipped; the keys list shows available and used counts and each sold key's activations against the
// product's activation limit (set in LicenseSettingsSection).

export function LicenseKeysStep({ product }: StepProps) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const [state, setState] = useState<ListState>(() => initialListState({ per: 20 }))
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const keys = useQuery(licenseKeysQuery(product.id, state))
  const activationLimit = useQuery(licenseSettingsQuery(product.id)).data?.activationLimit ?? null
  const [pasted, setPasted] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [format, setFormat] = useState('')
  const [count, setCount] = useState('10')
  const [fieldError, setFieldError] = useState<string | undefined>()
  const [result, setResult] = useState<AddLicenseKeysAnswer | null>(null)

  const done = (answer: AddLicenseKeysAnswer) => {
    setResult(answer)
    setPasted('')
    setFile(null)
    void queryClient.invalidateQueries({ queryKey: ['cabinet', 'products', 'item', product.id, 'license_keys'] })
  }
  const add = useMutation({ mutationFn: (input: Parameters<typeof addLicenseKeys>[1]) => addLicenseKeys(product.id, input), onSuccess: done })
  const upload = useMutation({ mutationFn: (f: File) => uploadLicenseKeys(product.id, f), onSuccess: done })

  const submit = (input: unknown) => {
    setResult(null)
    const parsed = addLicenseKeysInput.safeParse(input)
    if (!parsed.success) {
      const errors = zodFieldErrors(parsed.error.issues, i18n.language)
      setFieldError(Object.values(errors)[0] ?? t('validation.required'))
      return
    }
    setFieldError(undefined)
    add.mutate(parsed.data)
  }

  const columns: DataTableColumn<LicenseKey>[] = [
    { key: 'key', title: t('products.keys.key'), render: (k) => <Text ff="monospace" size="sm">{k.key}</Text> },
    { key: 'state', title: t('products.keys.state'), render: (k) => <StatusBadge status={k.state === 'available' ? 'active' : 'waiting'} label={t(`products.keys.states.${k.state}`)} /> },
    {
      key: 'uses', title: t('licenses.uses'), render: (k) => k.revoked
        ? <Badge color="red" variant="light">{t('licenses.revoked')}</Badge>
        : <Text size="sm" c={atActivationLimit(k, activationLimit) ? 'orange' : undefined} data-testid="license-key-uses">{usesText(k, activationLimit) ?? ''}</Text>,
    },
    { key: 'created_at', title: t('products.keys.added'), render: (k) => formatDateTime(k.createdAt, i18n.language) },
  ]

  return (
    <Stack gap="lg">
      <Group gap="sm" data-testid="keys-counts">
        <Badge color="green" variant="light" size="lg">{t('products.keys.available', { count: keys.data?.availableCount ?? 0 })}</Badge>
        <Badge color="gray" variant="light" size="lg">{t('products.keys.used', { count: keys.data?.usedCount ?? 0 })}</Badge>
      </Group>
      <Tabs defaultValue="paste" keepMounted={false} onChange={() => setFieldError(undefined)}>
        <Tabs.List>
          <Tabs.Tab value="paste">{t('products.keys.paste')}</Tabs.Tab>
          <Tabs.Tab value="upload">{t('products.keys.upload')}</Tabs.Tab>
          <Tabs.Tab value="generate">{t('products.keys.generate')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="paste" pt="md">
          <Stack gap="sm">
            <Textarea
              label={t('products.keys.pasteLabel')}
              description={t('products.keys.pasteHelp', { max: licenseKeysMaxPerRequest })}
              autosize minRows={4} maxRows={14}
              value={pasted}
              onChange={(e) => setPasted(e.currentTarget.value)}
              error={fieldError}
              data-testid="keys-paste"
            />
            <Button w="fit-content" loading={add.isPending} data-testid="keys-add"
              onClick={() => submit({ keys: pasted.split(/\r?\n/).map((k) => k.trim()).filter(Boolean) })}>
              {t('products.keys.addKeys')}
            </Button>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="upload" pt="md">
          <Stack gap="sm">
            <FileInput label={t('products.keys.csvLabel')} description={t('products.keys.csvHelp')} accept=".csv,text/csv,text/plain" value={file} onChange={setFile} clearable />
            <Button w="fit-content" disabled={!file} loading={upload.isPending} onClick={() => file && upload.mutate(file)}>{t('products.keys.uploadKeys')}</Button>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="generate" pt="md">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('products.keys.format')} description={t('products.keys.formatHelp')} value={format} onChange={(e) => setFormat(e.currentTarget.value)} error={fieldError} data-testid="keys-format" />
              <NumberField label={t('products.keys.count')} min={1} max={licenseKeysMaxPerRequest} value={count} onChange={setCount} data-testid="keys-count" />
            </SimpleGrid>
            <Button w="fit-content" loading={add.isPending} onClick={() => submit({ format, count: Number(count) })} data-testid="keys-generate">{t('products.keys.generateKeys')}</Button>
          </Stack>
        </Tabs.Panel>
      </Tabs>
      {result && (
        <Alert color="green" variant="light" data-testid="keys-result">
          {t('products.keys.result', { added: result.added, duplicates: result.duplicates })}
        </Alert>
      )}
      <FormError error={add.error ?? upload.error} />
      <DataTable
        columns={columns}
        rows={keys.data?.list ?? []}
        rowKey={(k) => k.id}
        totalCount={keys.data?.totalCount ?? 0}
        state={state}
        onStateChange={onStateChange}
        loading={keys.isPending}
        searchable={false}
        emptyText={t('products.keys.empty')}
      />
      <LicenseSettingsSection productId={product.id} />
    </Stack>
  )
}
