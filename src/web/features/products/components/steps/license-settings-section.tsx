import { Button, Group, Stack, Text } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { licenseSettingsInput } from '../../../../../shared/schemas/licenses'
import { FormError } from '../../../../components/form-error'
import { NumberField } from '../../../../components/number-field'
import { zodFieldErrors } from '../../../../lib/forms'
import { licenseSettingsQuery, saveLicenseSettings } from '../../api/license-settings'
import { countOf } from '../money'

// Part of the "add license keys" step: how many activations one sold key may have at once through the
// activation API (docs/decisions/0020-issued-certificates-licenses-downloads.md); empty is no limit.

export function LicenseSettingsSection({ productId }: { productId: number }) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const settings = useQuery(licenseSettingsQuery(productId))
  const [limit, setLimit] = useState('')
  const [error, setError] = useState<string | undefined>()
  useEffect(() => {
    if (settings.data) setLimit(settings.data.activationLimit === null ? '' : String(settings.data.activationLimit))
  }, [settings.data])
  const save = useMutation({
    mutationFn: (activationLimit: number | null) => saveLicenseSettings(productId, { activation_limit: activationLimit }),
    // the key list shows uses against the limit
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['cabinet', 'products', 'item', productId] }),
  })
  const submit = () => {
    const parsed = licenseSettingsInput.safeParse({ activation_limit: countOf(limit) })
    if (!parsed.success) {
      setError(Object.values(zodFieldErrors(parsed.error.issues, i18n.language))[0] ?? t('validation.required'))
      return
    }
    setError(undefined)
    save.mutate(parsed.data.activation_limit)
  }
  return (
    <Stack gap="xs" data-testid="license-settings">
      <Text fw={600}>{t('licenses.settings.title')}</Text>
      <NumberField
        label={t('licenses.settings.activationLimit')}
        description={t('licenses.settings.activationLimitHelp')}
        min={1} max={100000} allowEmptyValue value={limit} onChange={setLimit} w={260} error={error}
        data-testid="license-activation-limit"
      />
      <FormError error={save.error ?? settings.error} />
      <Group>
        <Button variant="light" onClick={submit} loading={save.isPending} disabled={settings.isPending} data-testid="license-settings-save">
          {save.isSuccess ? t('licenses.settings.saved') : t('licenses.settings.save')}
        </Button>
      </Group>
    </Stack>
  )
}
