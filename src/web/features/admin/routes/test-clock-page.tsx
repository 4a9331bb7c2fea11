import { Alert, Button, Card, Group, Loader, NumberInput, Stack, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { testClockMaxDays } from '../../../../shared/schemas/billing'
import { errorText } from '../../../components/form-error'
import { formatDateTime } from '../../../lib/format'
import { advanceTestClock, testClockQuery } from '../api/test-clock'

// /admin/test_clock: the billing test clock of a test installation (TEST_CLOCK=on, decision 0026). The
// manager moves business time forward; renewals, retries and expiries due by then run before it answers.
export function TestClockPage() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const clock = useQuery(testClockQuery())
  const [days, setDays] = useState<number | string>(30)
  const advance = useMutation({
    mutationFn: (n: number) => advanceTestClock(n),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testClockQuery().queryKey }),
  })
  const valid = typeof days === 'number' && Number.isInteger(days) && days >= 1 && days <= testClockMaxDays
  return (
    <Stack gap="lg" data-testid="test-clock">
      <Stack gap={4}>
        <Title order={2}>{t('billing.clock.title')}</Title>
        <Text c="dimmed">{t('billing.clock.lead')}</Text>
      </Stack>
      {clock.isPending && <Loader size="sm" />}
      {clock.isError && <Alert color="yellow" data-testid="test-clock-off">{t('billing.clock.off')}</Alert>}
      {clock.data && (
        <Card withBorder padding="lg" radius="md">
          <Stack gap="md">
            <Group gap="xl">
              <Stack gap={2}>
                <Text size="sm" c="dimmed">{t('billing.clock.now')}</Text>
                <Text fw={600} data-testid="test-clock-now">{formatDateTime(clock.data.now, i18n.language)}</Text>
              </Stack>
              <Stack gap={2}>
                <Text size="sm" c="dimmed">{t('billing.clock.offset')}</Text>
                <Text fw={600} data-testid="test-clock-offset">{t('billing.clock.days', { count: clock.data.offsetDays })}</Text>
              </Stack>
            </Group>
            <form onSubmit={(e) => { e.preventDefault(); if (valid) advance.mutate(days) }}>
              <Group align="end">
                <NumberInput
                  label={t('billing.clock.advanceBy')} min={1} max={testClockMaxDays} allowDecimal={false} value={days} onChange={setDays} w={160}
                  error={valid ? undefined : t('billing.clock.range', { max: testClockMaxDays })} data-testid="test-clock-days"
                />
                <Button type="submit" loading={advance.isPending} disabled={!valid} data-testid="test-clock-advance">{t('billing.clock.advance')}</Button>
              </Group>
            </form>
            <Text size="xs" c="dimmed">{t('billing.clock.hint')}</Text>
            {advance.isSuccess && <Alert color="green" data-testid="test-clock-advanced">{t('billing.clock.advanced', { date: formatDateTime(advance.data.now, i18n.language) })}</Alert>}
            {advance.isError && <Alert color="red">{errorText(advance.error, i18n.language, t('billing.clock.failed'))}</Alert>}
          </Stack>
        </Card>
      )}
    </Stack>
  )
}
