import { Badge, Button, Group, Select, Stack, Switch, Table, Text } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { PaymentProvider } from '../../../../shared/payments'
import { FormError } from '../../../components/form-error'
import { savePaymentSettings } from '../api/save-payment-settings'
import type { MethodSetting, PaymentSettings } from '../api/types'
import { matrixInput, type MatrixRow } from './matrix'

// The method x provider matrix: one row per checkout method with a provider select (only the providers
// the spec's matrix allows for the method and the seller has configured and active, so a disallowed
// combination is never offered) and an active switch.

export function PaymentMatrix({ settings, onSaved }: { settings: PaymentSettings; onSaved: (next: PaymentSettings) => void }) {
  const { t } = useTranslation()
  const [rows, setRows] = useState<MatrixRow[]>(() => settings.methods.map((m) => ({ method: m.method, provider: m.provider, active: m.active })))
  const [saved, setSaved] = useState(false)
  const save = useMutation({
    mutationFn: () => savePaymentSettings(matrixInput(rows)),
    onMutate: () => setSaved(false),
    onSuccess: (next) => {
      setSaved(true)
      onSaved(next)
    },
  })
  const byMethod = new Map<string, MethodSetting>(settings.methods.map((m) => [m.method, m]))
  const change = (index: number, next: Partial<MatrixRow>) => setRows((current) => current.map((row, i) => (i === index ? { ...row, ...next } : row)))
  return (
    <Stack gap="md">
      <Table withTableBorder verticalSpacing="xs" data-testid="payment-matrix">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('paymentSettings.matrix.method')}</Table.Th>
            <Table.Th>{t('paymentSettings.matrix.provider')}</Table.Th>
            <Table.Th>{t('paymentSettings.matrix.active')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => {
            const allowed = byMethod.get(row.method)?.allowedProviders ?? []
            return (
              <Table.Tr key={row.method} data-testid={`matrix-${row.method}`}>
                <Table.Td><Text size="sm" fw={500}>{t(`paymentMethods.${row.method}`)}</Text></Table.Td>
                <Table.Td>
                  {allowed.length === 0 ? (
                    <Badge variant="light" color="gray">{t('paymentSettings.matrix.noProvider')}</Badge>
                  ) : (
                    <Select
                      aria-label={t('paymentSettings.matrix.provider')} size="xs" w={260} allowDeselect={false}
                      data={allowed.map((p) => ({ value: p, label: t(`paymentProviders.${p}`) }))}
                      value={row.provider} placeholder={t('paymentSettings.matrix.choose')}
                      onChange={(value) => change(index, { provider: value as PaymentProvider | null, active: value ? row.active || row.provider === null : false })}
                    />
                  )}
                </Table.Td>
                <Table.Td>
                  <Switch aria-label={t('paymentSettings.matrix.active')} checked={row.active && row.provider !== null} disabled={row.provider === null}
                    onChange={(e) => change(index, { active: e.currentTarget.checked })} />
                </Table.Td>
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
      <FormError error={save.error} />
      <Group justify="flex-end">
        {saved && <Text size="sm" c="green" data-testid="matrix-saved">{t('paymentSettings.matrix.saved')}</Text>}
        <Button onClick={() => save.mutate()} loading={save.isPending} data-testid="matrix-save">{t('common.save')}</Button>
      </Group>
    </Stack>
  )
}
