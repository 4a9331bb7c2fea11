import { Alert, Anchor, Badge, Button, Card, Group, List, Loader, SimpleGrid, Stack, Stepper, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useLocation } from '@tanstack/react-router'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { partyKinds } from '../../../../shared/ledger/accounts'
import { editableLegitimationSteps, legitimationSteps, type LegitimationStep } from '../../../../shared/states/legitimation'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { initialListState, withFilter, type ListState } from '../../../components/list-state'
import { SelectField } from '../../../components/select-field'
import { isApiError } from '../../../lib/api-client'
import { formatDateTime } from '../../../lib/format'
import {
  adminLegitimationListQuery, areaOfPath, legitimationKey, legitimationQuery, submitLegitimation,
  type AdminLegitimation, type Legitimation, type PartyArea,
} from '../api/identity'
import { IdentityDocuments } from '../components/identity-documents'
import { BusinessTypeStep, PersonStep, UbosStep } from '../components/identity-forms'
import { LegitimationReview } from '../components/identity-review'

// The identity check (docs/decisions/0049-money-out.md "Identity" and "Availability"): the party's pages at
// /cabinet/identity and /publish/identity (the area comes from the path), and the managers' list and review
// at /admin/legitimations.

type PageKey = 'type' | 'person' | 'documents' | 'ubos' | 'summary'

function pagesOf(legitimation: Legitimation): PageKey[] {
  return legitimation.businessType === 'entity' ? ['type', 'person', 'documents', 'ubos', 'summary'] : ['type', 'person', 'documents', 'summary']
}

/** The page a party lands on: where its saved step is, the summary once submitted. */
function pageOfStep(step: LegitimationStep): PageKey {
  switch (step) {
    case 'head_quarter': return 'type'
    case 'legal_representative': return 'person'
    case 'documents': return 'documents'
    case 'ubo': return 'ubos'
    default: return 'summary'
  }
}

function Summary({ area, legitimation, editable, toDocuments }: { area: PartyArea; legitimation: Legitimation; editable: boolean; toDocuments: () => void }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [problem, setProblem] = useState<string | null>(null)
  const submit = useMutation({
    mutationFn: () => submitLegitimation(area),
    onSuccess: (answer) => {
      setProblem(null)
      queryClient.setQueryData(legitimationKey(area), answer)
      notifications.show({ color: 'green', message: t('moneyIdentity.submitted') })
    },
    onError: (error) => {
      if (!isApiError(error)) return setProblem(String(error))
      // The server names each missing document as `documents.<kind>`: say it with the documents' names.
      const named = (error.fields ?? []).map((f) => (f.path.startsWith('documents.') ? t(`moneyIdentity.documents.kinds.${f.path.slice(10)}`) : t(`moneyIdentity.steps.${f.path === 'head_quarter' ? 'type' : 'legalRepresentative'}`)))
      setProblem(named.length > 0 ? `${t('moneyIdentity.missing.title')}: ${named.join(', ')}` : error.message)
    },
  })
  const { availability } = legitimation
  const docName = (kind: string | undefined) => t(`moneyIdentity.documents.kinds.${kind ?? 'other_doc_1'}`)
  return (
    <Stack gap="md" data-testid="identity-step-summary">
      <Card withBorder padding="md">
        <Stack gap="xs">
          <Text size="sm" c="dimmed">{t('moneyIdentity.availability.label')}</Text>
          <Text fw={500} data-testid="identity-availability" data-value={availability.value}>{t(`moneyIdentity.availability.${availability.value}`)}</Text>
        </Stack>
      </Card>
      {legitimation.rejectionReason && legitimation.step === 'rejected' && <Alert color="red">{t('moneyIdentity.rejectedReason', { reason: legitimation.rejectionReason })}</Alert>}
      <Stack gap="xs">
        <Title order={4}>{t('moneyIdentity.missing.title')}</Title>
        {availability.missing.length === 0 ? <Text size="sm">{t('moneyIdentity.missing.none')}</Text> : (
          <List spacing="xs" data-testid="identity-missing">
            {availability.missing.map((item, index) => (
              <List.Item key={index} data-kind={item.kind}>
                {item.kind === 'document' && (
                  <Group gap="xs">
                    <Text size="sm">{t(item.refused ? 'moneyIdentity.missing.documentRefused' : 'moneyIdentity.missing.document', { document: docName(item.document) })}</Text>
                    <Anchor component="button" size="sm" onClick={toDocuments}>{t('moneyIdentity.missing.toDocuments')}</Anchor>
                  </Group>
                )}
                {(item.kind === 'bank_account' || item.kind === 'bank_account_review') && (
                  <Group gap="xs">
                    <Text size="sm">{t(`moneyIdentity.missing.${item.kind}`)}</Text>
                    <Anchor size="sm" renderRoot={(props) => <Link {...props} to={`/${area}/bank_accounts`} />}>{t('moneyIdentity.missing.toBankAccounts')}</Anchor>
                  </Group>
                )}
                {(item.kind === 'submit' || item.kind === 'review') && <Text size="sm">{t(`moneyIdentity.missing.${item.kind}`)}</Text>}
                {item.kind === 'provider' && <Text size="sm">{t('moneyIdentity.missing.provider', { state: item.state ?? '' })}</Text>}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
      {problem && <Alert color="red" data-testid="identity-submit-error">{problem}</Alert>}
      <Group justify="flex-end">
        <Button onClick={() => submit.mutate()} loading={submit.isPending} disabled={!editable} data-testid="identity-submit">{t('moneyIdentity.actions.submit')}</Button>
      </Group>
    </Stack>
  )
}

function IdentityStepper({ area, legitimation }: { area: PartyArea; legitimation: Legitimation }) {
  const { t } = useTranslation()
  const pages = pagesOf(legitimation)
  const [active, setActive] = useState(() => Math.max(0, pages.indexOf(pageOfStep(legitimation.step))))
  const current = pages[Math.min(active, pages.length - 1)]!
  const editable = editableLegitimationSteps.includes(legitimation.step)
  const next = () => setActive((i) => Math.min(i + 1, pagesOf(legitimation).length - 1))
  const back = active > 0 ? <Button variant="default" onClick={() => setActive(active - 1)}>{t('moneyIdentity.actions.back')}</Button> : undefined
  const props = { area, legitimation, editable, actions: back }
  const labels: Record<PageKey, string> = {
    type: t('moneyIdentity.steps.type'), person: t('moneyIdentity.steps.legalRepresentative'), documents: t('moneyIdentity.steps.documents'),
    ubos: t('moneyIdentity.steps.ubos'), summary: t('moneyIdentity.steps.summary'),
  }
  return (
    <Stack gap="lg">
      {!editable && <Alert color="blue" data-testid="identity-locked">{t('moneyIdentity.locked')}</Alert>}
      <Stepper active={active} onStepClick={setActive} size="sm" data-testid="identity-stepper">
        {pages.map((page) => <Stepper.Step key={page} label={labels[page]} data-testid={`identity-stepper-${page}`} />)}
      </Stepper>
      {current === 'type' && <BusinessTypeStep {...props} onSaved={next} />}
      {current === 'person' && <PersonStep {...props} onSaved={next} />}
      {current === 'documents' && (
        <Stack gap="md">
          <IdentityDocuments area={area} legitimation={legitimation} editable={editable} />
          <Group justify="space-between">{back ?? <span />}<Button onClick={next} data-testid="identity-documents-next">{labels[pages[active + 1] ?? 'summary']}</Button></Group>
        </Stack>
      )}
      {current === 'ubos' && <UbosStep {...props} onSaved={next} />}
      {current === 'summary' && <Summary area={area} legitimation={legitimation} editable={editable} toDocuments={() => setActive(pages.indexOf('documents'))} />}
    </Stack>
  )
}

export function IdentityPage() {
  const { t } = useTranslation()
  const area = areaOfPath(useLocation().pathname)
  const legitimation = useQuery(legitimationQuery(area))
  return (
    <Stack gap="lg" data-testid="identity-page" maw={960}>
      <Stack gap={4}>
        <Group gap="sm">
          <Title order={2}>{t('moneyIdentity.title')}</Title>
          {legitimation.data && <Badge variant="light" data-testid="identity-step" data-step={legitimation.data.step}>{t(`moneyIdentity.stepStates.${legitimation.data.step}`)}</Badge>}
        </Group>
        <Text c="dimmed">{t('moneyIdentity.intro')}</Text>
      </Stack>
      {legitimation.data ? <IdentityStepper key={`${legitimation.data.id ?? 'new'}-${legitimation.data.businessType}`} area={area} legitimation={legitimation.data} /> : <Loader />}
    </Stack>
  )
}

// ------------------------------------------------------------------ managers

function Filters({ state, onChange, counts }: { state: ListState; onChange: (next: ListState) => void; counts: Record<string, number> | undefined }) {
  const { t } = useTranslation()
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} maw={560}>
      <SelectField
        label={t('moneyIdentity.admin.filters.step')} searchable={false} clearable value={state.filters.step ?? null}
        data={legitimationSteps.map((s) => ({ value: s, label: `${s.replace(/_/g, ' ')} · ${t(`moneyIdentity.stepStates.${s}`)}${counts?.[s] ? ` (${counts[s]})` : ''}` }))}
        onChange={(value) => onChange(withFilter(state, 'step', value ?? undefined))} data-testid="admin-legitimations-filter-step"
      />
      <SelectField
        label={t('moneyIdentity.admin.filters.partyKind')} searchable={false} clearable value={state.filters.partyKind ?? null}
        data={partyKinds.map((k) => ({ value: k, label: t(`moneyIdentity.admin.partyKinds.${k}`) }))}
        onChange={(value) => onChange(withFilter(state, 'partyKind', value ?? undefined))} data-testid="admin-legitimations-filter-party"
      />
    </SimpleGrid>
  )
}

export function AdminLegitimationsPage() {
  const { t, i18n } = useTranslation()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(adminLegitimationListQuery(state))
  const [openId, setOpenId] = useState<number | null>(null)
  const columns: DataTableColumn<AdminLegitimation>[] = [
    { key: 'id', title: t('moneyIdentity.admin.columns.id'), width: 70, render: (l) => l.id },
    {
      key: 'party', title: t('moneyIdentity.admin.columns.party'), render: (l) => (
        <Stack gap={0} data-testid={`admin-legitimation-row-${l.id}`}>
          <Anchor component="button" size="sm" fw={500} onClick={() => setOpenId(l.id)}>{`${l.user.firstName} ${l.user.lastName}`.trim() || l.user.email}</Anchor>
          <Text size="xs" c="dimmed">{l.user.email} · {t(`moneyIdentity.admin.partyKinds.${l.partyKind}`)} #{l.partyId}</Text>
        </Stack>
      ),
    },
    { key: 'business_type', title: t('moneyIdentity.admin.columns.businessType'), render: (l) => t(`moneyIdentity.businessType.${l.businessType}`) },
    {
      key: 'step', title: t('moneyIdentity.admin.columns.step'), render: (l) => (
        <Badge variant="light" color={l.step === 'legitimated' ? 'green' : l.step === 'rejected' ? 'red' : l.step === 'requested' ? 'yellow' : 'gray'} data-step={l.step}>
          {t(`moneyIdentity.stepStates.${l.step}`)}
        </Badge>
      ),
    },
    { key: 'documents', title: t('moneyIdentity.admin.columns.documents'), render: (l) => l.documents.length },
    { key: 'submitted_at', title: t('moneyIdentity.admin.columns.submitted'), render: (l) => (l.submittedAt ? formatDateTime(l.submittedAt, i18n.language) : '–') },
    { key: 'created_at', title: t('moneyIdentity.admin.columns.created'), render: (l) => formatDateTime(l.createdAt, i18n.language) },
    { key: 'open', title: '', width: 90, render: (l) => <Button size="xs" variant="light" onClick={() => setOpenId(l.id)} data-testid={`admin-legitimation-open-${l.id}`}>{t('moneyIdentity.admin.open')}</Button> },
  ]
  return (
    <Stack gap="lg" data-testid="admin-legitimations">
      <Stack gap={4}>
        <Title order={2}>{t('moneyIdentity.admin.title')}</Title>
        <Text c="dimmed">{t('moneyIdentity.admin.text')}</Text>
      </Stack>
      <Filters state={state} onChange={onStateChange} counts={list.data?.counts} />
      <DataTable
        columns={columns} rows={list.data?.list ?? []} rowKey={(l) => l.id ?? 0} totalCount={list.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={list.isPending || list.isFetching}
        searchLabel={t('moneyIdentity.admin.search')} emptyText={t('moneyIdentity.admin.empty')}
      />
      <LegitimationReview id={openId} onClose={() => setOpenId(null)} />
    </Stack>
  )
}
