import { Alert, Button, Checkbox, Group, Radio, Stack, Stepper, Table, Text, TextInput } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormError } from '../../../components/form-error'
import { Modal } from '../../../components/modal'
import { formatDateTime } from '../../../lib/format'
import { courseReportsKey, customersQuery, extendAccess, type CourseOverviewItem } from '../api/course-reports'

// The access extension wizard (docs/reference/accounts-and-orders.md §2: access, extend, selectCustomers, customers, confirmation): the
// course's access today, the new end of access (a date or unlimited), all or chosen customers, then a
// summary to confirm. The delivery keeps the grants; this only sets their end.

const steps = ['access', 'extend', 'selectCustomers', 'customers', 'confirmation'] as const

export function ExtendAccessWizard({ course, onClose }: { course: CourseOverviewItem; onClose: () => void }) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const customers = useQuery(customersQuery(course.productId))
  const [step, setStep] = useState(0)
  const [unlimited, setUnlimited] = useState(false)
  const [date, setDate] = useState('')
  const [who, setWho] = useState<'all' | 'selected'>('all')
  const [chosen, setChosen] = useState<number[]>([])
  const list = customers.data?.list ?? []
  const until = unlimited ? null : date ? `${date}T23:59:59.000Z` : ''
  const count = who === 'all' ? list.length : chosen.length
  const extend = useMutation({
    mutationFn: () => extendAccess(course.productId, { until: until || null, customers: who, payerUserIds: who === 'all' ? [] : chosen }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: courseReportsKey })
    },
  })
  const canNext = [
    true,
    unlimited || (date !== '' && new Date(`${date}T23:59:59Z`).getTime() > Date.now()),
    true,
    who === 'all' || chosen.length > 0,
    false,
  ][step]
  const next = () => setStep((s) => (s === 2 && who === 'all' ? 4 : s + 1))
  const back = () => setStep((s) => (s === 4 && who === 'all' ? 2 : s - 1))
  return (
    <Modal opened onClose={onClose} title={t('courseplayer.extend.title', { name: course.name })} size="xl">
      <Stack gap="md" data-testid="extend-wizard">
        <Stepper active={step} size="xs" allowNextStepsSelect={false}>
          {steps.map((s) => <Stepper.Step key={s} label={t(`courseplayer.extend.steps.${s}`)} />)}
        </Stepper>
        {step === 0 && (
          <Stack gap="xs">
            <Text size="sm">{t('courseplayer.extend.accessText', { count: list.length })}</Text>
            <Text size="sm" c="dimmed">{t('courseplayer.extend.limitedText', { count: list.filter((c) => c.expiresAt !== null).length })}</Text>
          </Stack>
        )}
        {step === 1 && (
          <Stack gap="xs">
            <Checkbox label={t('courseplayer.extend.unlimited')} checked={unlimited} onChange={(e) => setUnlimited(e.currentTarget.checked)} />
            {!unlimited && <TextInput type="date" label={t('courseplayer.extend.until')} value={date} onChange={(e) => setDate(e.currentTarget.value)} w={220} data-testid="extend-until" />}
          </Stack>
        )}
        {step === 2 && (
          <Radio.Group value={who} onChange={(v) => setWho(v as 'all' | 'selected')} label={t('courseplayer.extend.whom')}>
            <Stack gap={4} mt="xs">
              <Radio value="all" label={t('courseplayer.extend.all', { count: list.length })} />
              <Radio value="selected" label={t('courseplayer.extend.selected')} />
            </Stack>
          </Radio.Group>
        )}
        {step === 3 && (
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40} />
                <Table.Th>{t('courseplayer.columns.payer')}</Table.Th>
                <Table.Th>{t('courseplayer.columns.progress')}</Table.Th>
                <Table.Th>{t('courseplayer.columns.accessUntil')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((c) => (
                <Table.Tr key={c.payerUserId}>
                  <Table.Td>
                    <Checkbox aria-label={c.email} checked={chosen.includes(c.payerUserId)}
                      onChange={(e) => { const on = e.currentTarget.checked; setChosen((ids) => (on ? [...ids, c.payerUserId] : ids.filter((id) => id !== c.payerUserId))) }} />
                  </Table.Td>
                  <Table.Td><Text size="sm">{c.name}</Text><Text size="xs" c="dimmed">{c.email}</Text></Table.Td>
                  <Table.Td>{c.percent} %</Table.Td>
                  <Table.Td>{c.expiresAt ? formatDateTime(c.expiresAt, i18n.language) : t('courseplayer.extend.noEnd')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {step === 4 && (
          extend.data
            ? <Alert color="teal" variant="light" data-testid="extend-done">{t('courseplayer.extend.done', { count: extend.data.changed })}</Alert>
            : (
                <Stack gap="xs">
                  <Text size="sm">{t('courseplayer.extend.confirmText', {
                    count, until: until ? formatDateTime(until, i18n.language) : t('courseplayer.extend.noEnd'),
                  })}</Text>
                  <FormError error={extend.error} />
                </Stack>
              )
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={step === 0 || extend.data ? onClose : back}>{step === 0 || extend.data ? t('common.close') : t('courseplayer.extend.back')}</Button>
          {step < 4 && <Button onClick={next} disabled={!canNext || customers.isPending} data-testid="extend-next">{t('courseplayer.extend.next')}</Button>}
          {step === 4 && !extend.data && <Button onClick={() => extend.mutate()} loading={extend.isPending} disabled={count === 0} data-testid="extend-confirm">{t('courseplayer.extend.confirm')}</Button>}
        </Group>
      </Stack>
    </Modal>
  )
}
