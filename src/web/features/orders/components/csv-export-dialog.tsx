import { Button, Checkbox, Group, Radio, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { orderCsvColumns, type OrderCsvColumn } from '../../../../shared/schemas/order-lists'
import { InfoPopover, withHelp } from '../../../components/info-popover'
import type { ListState } from '../../../components/list-state'
import { Modal } from '../../../components/modal'
import { exportOrdersCsv } from '../api/orders'

// The CSV export of the filtered orders list: a column picker (the spec's columns, all chosen at first)
// and the decimal separator.

export function CsvExportDialog({ opened, onClose, state }: { opened: boolean; onClose: () => void; state: ListState }) {
  const { t } = useTranslation()
  const [columns, setColumns] = useState<OrderCsvColumn[]>([...orderCsvColumns])
  const [separator, setSeparator] = useState<'.' | ','>('.')
  const download = useMutation({ mutationFn: () => exportOrdersCsv(state, orderCsvColumns.filter((c) => columns.includes(c)), separator), onSuccess: onClose })
  return (
    <Modal opened={opened} onClose={onClose} title={t('orderLists.csv.title')} size="lg">
      <Stack gap="sm" data-testid="csv-dialog">
        <Text size="sm" c="dimmed">{t('orderLists.csv.lead')}</Text>
        <Group justify="space-between">
          <Group gap={4}>
            <Text fw={500}>{t('orderLists.csv.columns')}</Text>
            <InfoPopover label={t('help.about', { field: t('orderLists.csv.columns') })} testId="help-csv-columns">{t('help.csvColumns')}</InfoPopover>
          </Group>
          <Group gap="xs">
            <Button size="compact-xs" variant="subtle" onClick={() => setColumns([...orderCsvColumns])}>{t('orderLists.csv.allColumns')}</Button>
            <Button size="compact-xs" variant="subtle" onClick={() => setColumns([])} data-testid="csv-no-columns">{t('orderLists.csv.noColumns')}</Button>
          </Group>
        </Group>
        <ScrollArea.Autosize mah={260}>
          <Checkbox.Group value={columns} onChange={(v) => setColumns(v as OrderCsvColumn[])}>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing={6}>
              {orderCsvColumns.map((c) => <Checkbox key={c} value={c} label={c} size="xs" data-testid={`csv-column-${c}`} />)}
            </SimpleGrid>
          </Checkbox.Group>
        </ScrollArea.Autosize>
        <Radio.Group label={t('orderLists.csv.decimalSeparator')} {...withHelp(t('orderLists.csv.decimalSeparator'), t('help.csvDecimalSeparator'), 'help-csv-decimal-separator', false)} value={separator} onChange={(v) => setSeparator(v === ',' ? ',' : '.')}>
          <Group mt={4}>
            <Radio value="." label={t('orderLists.csv.point')} data-testid="csv-separator-point" />
            <Radio value="," label={t('orderLists.csv.comma')} data-testid="csv-separator-comma" />
          </Group>
        </Radio.Group>
        {columns.length === 0 && <Text size="sm" c="red">{t('orderLists.csv.needColumns')}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          <Button onClick={() => download.mutate()} loading={download.isPending} disabled={columns.length === 0} data-testid="csv-download">
            {t('orderLists.csv.download')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
