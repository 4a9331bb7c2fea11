import { Anchor, Group, Stack, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { FormError } from '../../../../components/form-error'
import { SelectField } from '../../../../components/select-field'
import { affiliateProgramChoicesQuery, affiliateProgramsKey, setAffiliateProgram } from '../../api/affiliate-program'
import type { Product } from '../../api/types'

// The market upsell step's "Affiliate program": none or one of the seller's programs, saved at once, with
// the chosen program's level 1 commission and a way to create a program (docs/decisions/0048-affiliates.md).

export function AffiliateProgramSection({ product }: { product: Product }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const programs = useQuery(affiliateProgramChoicesQuery())
  const list = programs.data?.list ?? []
  const current = list.find((p) => p.products.some((item) => item.id === product.id)) ?? null
  const save = useMutation({
    mutationFn: (programId: number | null) => setAffiliateProgram(product.id, programId),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: affiliateProgramsKey }),
  })
  const chosen = save.isPending ? (save.variables === null ? null : list.find((p) => p.id === save.variables) ?? current) : current
  return (
    <Stack gap="xs" data-testid="product-affiliate-program">
      <Title order={4}>{t('affiliates.wizard.title')}</Title>
      <Text size="sm" c="dimmed">{t('affiliates.wizard.help')}</Text>
      <Group align="end" gap="md">
        <SelectField
          label={t('affiliates.wizard.label')} w={320} disabled={programs.isPending || save.isPending}
          data={[{ value: '', label: t('affiliates.wizard.none') }, ...list.map((p) => ({ value: String(p.id), label: p.name }))]}
          value={chosen ? String(chosen.id) : ''} onChange={(value) => save.mutate(value ? Number(value) : null)}
          data-testid="product-affiliate-program-select"
        />
        {chosen && <Text size="sm" data-testid="product-affiliate-commission">{t('affiliates.wizard.commission', { percent: chosen.commission })}</Text>}
        {save.isSuccess && <Text size="sm" c="green">{t('affiliates.wizard.saved')}</Text>}
      </Group>
      <Anchor component={Link} to="/cabinet/affiliate_programs" search={{ tab: 'programs' } as never} size="sm" data-testid="product-affiliate-create">
        {t('affiliates.wizard.create')}
      </Anchor>
      <FormError error={save.error} />
    </Stack>
  )
}
