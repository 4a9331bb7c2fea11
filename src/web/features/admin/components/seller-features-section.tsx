import { Badge, Card, SegmentedControl, Stack, Table, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { FeatureFlag } from '../../../../shared/accounts'
import { FormError } from '../../../components/form-error'
import { adminSellerFeaturesQuery, updateSeller } from '../api/update-seller'

// The admin seller page's "Features" (docs/decisions/0077-feature-flags.md): every flag with its value in effect
// and its source (default, platform plan, override), and a three-way control: on and off override, default
// removes the override (the plan's value or the default applies again).

type Choice = 'on' | 'off' | 'default'
const sourceColor = { default: 'gray', platform_plan: 'blue', override: 'orange' } as const

export function SellerFeaturesSection({ sellerId }: { sellerId: number }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const query = useQuery(adminSellerFeaturesQuery(sellerId))
  const save = useMutation({
    mutationFn: ({ flag, choice }: { flag: FeatureFlag; choice: Choice }) =>
      updateSeller(sellerId, { features: { [flag]: choice === 'default' ? null : choice === 'on' } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(adminSellerFeaturesQuery(sellerId).queryKey, (old) => old ? { ...old, features: answer.features.map((f) => ({ ...f, unlockedBy: old.features.find((o) => o.flag === f.flag)?.unlockedBy ?? [] })) } : old)
      notifications.show({ color: 'green', autoClose: 3000, message: t('featureFlags.admin.saved') })
    },
  })
  const data = query.data
  return (
    <Card withBorder padding="lg" radius="md" data-testid="seller-features">
      <Stack gap="sm">
        <Text fw={600}>{t('featureFlags.admin.title')}</Text>
        <Text size="sm" c="dimmed">{t('featureFlags.admin.intro')}</Text>
        {data && <Text size="sm">{data.platformPlan ? t('featureFlags.admin.planName', { name: data.platformPlan.name }) : t('featureFlags.admin.noPlan')}</Text>}
        <FormError error={query.error ?? save.error} />
        {data && (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('featureFlags.admin.flag')}</Table.Th><Table.Th>{t('featureFlags.admin.value')}</Table.Th>
                <Table.Th>{t('featureFlags.admin.source')}</Table.Th><Table.Th>{t('featureFlags.admin.control')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.features.map((f) => (
                <Table.Tr key={f.flag} data-testid={`seller-feature-${f.flag}`}>
                  <Table.Td><Text size="sm">{t(`featureFlags.names.${f.flag}`)}</Text><Text size="xs" c="dimmed">{f.flag}</Text></Table.Td>
                  <Table.Td><Badge color={f.enabled ? 'green' : 'gray'} variant="light">{t(`featureFlags.state.${f.enabled ? 'on' : 'off'}`)}</Badge></Table.Td>
                  <Table.Td><Badge color={sourceColor[f.source]} variant="outline">{t(`featureFlags.sources.${f.source}`)}</Badge></Table.Td>
                  <Table.Td>
                    <SegmentedControl
                      size="xs" value={f.override === null ? 'default' : f.override ? 'on' : 'off'}
                      disabled={save.isPending}
                      onChange={(value) => save.mutate({ flag: f.flag, choice: value as Choice })}
                      data={[
                        { value: 'on', label: t('featureFlags.admin.on') },
                        { value: 'off', label: t('featureFlags.admin.off') },
                        { value: 'default', label: t('featureFlags.admin.default') },
                      ]}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  )
}
