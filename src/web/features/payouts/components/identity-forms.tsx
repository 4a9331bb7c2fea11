import { ActionIcon, Button, Card, Group, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { kycLimits, type BusinessType } from '../../../../shared/payouts/documents'
import { updateLegitimationInput, zHeadQuarter, zKycPerson, type UpdateLegitimationInput } from '../../../../shared/schemas/payouts'
import { FormError } from '../../../components/form-error'
import { textInputProps, useZodForm } from '../../../lib/forms'
import { legitimationKey, updateLegitimation, type Legitimation, type PartyArea } from '../api/identity'

// The identity check's form pages (docs/decisions/0049-money-out.md "Identity"): the business type with an
// entity's headquarters, the person (a natural person themself or an entity's legal representative), and an
// entity's beneficial owners. Each page saves itself (PUT) and names the page the party goes to next.

type StepProps = { area: PartyArea; legitimation: Legitimation; editable: boolean; onSaved: () => void; actions?: ReactNode }
type NextStep = NonNullable<UpdateLegitimationInput['step']>

const blankToUndefined = <V extends Record<string, string>>(values: V) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim() === '' ? undefined : v.trim()]))

function useSave(area: PartyArea, onSaved: () => void) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: UpdateLegitimationInput) => updateLegitimation(area, input),
    onSuccess: (legitimation) => {
      queryClient.setQueryData(legitimationKey(area), legitimation)
      notifications.show({ color: 'green', message: t('moneyIdentity.saved'), autoClose: 2000 })
      onSaved()
    },
  })
}

const headQuarterKeys = ['company', 'registration_number', 'street', 'zip', 'city', 'country_code'] as const
const headQuarterLabels: Record<(typeof headQuarterKeys)[number], string> = {
  company: 'company', registration_number: 'registrationNumber', street: 'street', zip: 'zip', city: 'city', country_code: 'countryCode',
}

/** Business type, and for a company its headquarters. */
export function BusinessTypeStep({ area, legitimation, editable, onSaved, actions }: StepProps) {
  const { t, i18n } = useTranslation()
  const [type, setType] = useState<BusinessType>(legitimation.businessType)
  const hq = legitimation.headQuarter ?? {}
  const initial = {
    company: hq.company ?? '', registration_number: hq.registrationNumber ?? '', street: hq.street ?? '', zip: hq.zip ?? '', city: hq.city ?? '', country_code: hq.countryCode ?? '',
  }
  const form = useZodForm(zHeadQuarter, initial, i18n.language, { toInput: blankToUndefined })
  const save = useSave(area, onSaved)
  const next: NextStep = 'legal_representative'
  function submit() {
    if (type === 'natural') return save.mutate({ business_type: 'natural', step: next }, { onError: form.fail })
    const headQuarter = form.validate()
    if (headQuarter) save.mutate({ business_type: 'entity', head_quarter: headQuarter, step: next }, { onError: form.fail })
  }
  return (
    <Stack gap="md" data-testid="identity-step-type">
      <Radio.Group label={t('moneyIdentity.businessType.label')} value={type} onChange={(value) => setType(value as BusinessType)}>
        <Stack gap="xs" mt="xs">
          <Radio value="natural" disabled={!editable} label={t('moneyIdentity.businessType.natural')} description={t('moneyIdentity.businessType.naturalText')} data-testid="identity-type-natural" />
          <Radio value="entity" disabled={!editable} label={t('moneyIdentity.businessType.entity')} description={t('moneyIdentity.businessType.entityText')} data-testid="identity-type-entity" />
        </Stack>
      </Radio.Group>
      {type === 'entity' && (
        <Stack gap="xs">
          <Title order={4}>{t('moneyIdentity.businessType.headQuarter')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {headQuarterKeys.map((key) => (
              <TextInput
                key={key} label={t(`moneyIdentity.fields.${headQuarterLabels[key]}`)} required={key === 'company'} disabled={!editable}
                {...textInputProps(form.field(key))} data-testid={`identity-hq-${key}`}
              />
            ))}
          </SimpleGrid>
        </Stack>
      )}
      <FormError error={form.formError} />
      <Group justify="space-between">
        {actions ?? <span />}
        <Button onClick={submit} loading={save.isPending} disabled={!editable} data-testid="identity-save-type">{t('moneyIdentity.actions.next')}</Button>
      </Group>
    </Stack>
  )
}

const personKeys = ['first_name', 'last_name', 'street', 'zip', 'city', 'country_code'] as const
const personLabels: Record<(typeof personKeys)[number], string> = {
  first_name: 'firstName', last_name: 'lastName', street: 'street', zip: 'zip', city: 'city', country_code: 'countryCode',
}

/** The natural person, or an entity's legal representative. */
export function PersonStep({ area, legitimation, editable, onSaved, actions }: StepProps) {
  const { t, i18n } = useTranslation()
  const person = legitimation.legalRepresentative ?? {}
  const initial = {
    first_name: person.firstName ?? '', last_name: person.lastName ?? '', street: person.street ?? '', zip: person.zip ?? '', city: person.city ?? '', country_code: person.countryCode ?? '',
  }
  const form = useZodForm(zKycPerson, initial, i18n.language, { toInput: blankToUndefined })
  const save = useSave(area, onSaved)
  function submit() {
    const value = form.validate()
    if (value) save.mutate({ legal_representative: value, step: 'documents' }, { onError: form.fail })
  }
  return (
    <Stack gap="md" data-testid="identity-step-person">
      <Title order={4}>{t(`moneyIdentity.person.${legitimation.businessType}`)}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {personKeys.map((key) => (
          <TextInput
            key={key} label={t(`moneyIdentity.fields.${personLabels[key]}`)} required={key === 'first_name' || key === 'last_name'} disabled={!editable}
            {...textInputProps(form.field(key))} data-testid={`identity-person-${key}`}
          />
        ))}
      </SimpleGrid>
      <FormError error={form.formError} />
      <Group justify="space-between">
        {actions ?? <span />}
        <Button onClick={submit} loading={save.isPending} disabled={!editable} data-testid="identity-save-person">{t('moneyIdentity.actions.next')}</Button>
      </Group>
    </Stack>
  )
}

/**
 * What the e-money provider needs of each owner besides the name (docs/decisions/0052-emoney-pay-ins.md
 * "Beneficial owners"): optional here, asked for on submission while that provider is on.
 */
const ownerDetailKeys = ['birthday', 'nationality', 'street', 'zip', 'city', 'country_code', 'birthplace_city', 'birthplace_country'] as const
const ownerDetailLabels: Record<(typeof ownerDetailKeys)[number], string> = {
  birthday: 'birthday', nationality: 'nationality', street: 'street', zip: 'zip', city: 'city', country_code: 'countryCode',
  birthplace_city: 'birthplaceCity', birthplace_country: 'birthplaceCountry',
}
type OwnerValues = { first_name: string; last_name: string; share: string } & Record<(typeof ownerDetailKeys)[number], string>
const blankOwner: OwnerValues = { first_name: '', last_name: '', share: '', ...Object.fromEntries(ownerDetailKeys.map((key) => [key, ''])) as Record<(typeof ownerDetailKeys)[number], string> }
const ubosInput = updateLegitimationInput.pick({ ubos: true }).required()
const toUbos = (values: { ubos: OwnerValues[] }): z.input<typeof ubosInput> => ({
  ubos: values.ubos.map((o) => ({
    first_name: o.first_name.trim(), last_name: o.last_name.trim(),
    ...(o.share.trim() === '' ? {} : { share_bps: Math.round(Number(o.share.replace(',', '.')) * 100) }),
    ...blankToUndefined(Object.fromEntries(ownerDetailKeys.map((key) => [key, o[key]]))),
  })),
})

/** An entity's ultimate beneficial owners (at most 5, each over 25 %). */
export function UbosStep({ area, legitimation, editable, onSaved, actions }: StepProps) {
  const { t, i18n } = useTranslation()
  const initial = {
    ubos: legitimation.ubos.map((u): OwnerValues => ({
      first_name: u.firstName ?? '', last_name: u.lastName ?? '', share: u.shareBps === undefined ? '' : String(u.shareBps / 100),
      birthday: u.birthday ?? '', nationality: u.nationality ?? '', street: u.street ?? '', zip: u.zip ?? '', city: u.city ?? '', country_code: u.countryCode ?? '',
      birthplace_city: u.birthplaceCity ?? '', birthplace_country: u.birthplaceCountry ?? '',
    })),
  }
  const form = useZodForm(ubosInput, initial, i18n.language, { toInput: toUbos })
  const save = useSave(area, onSaved)
  const owners = form.values.ubos
  const setOwner = (index: number, key: keyof OwnerValues, value: string) =>
    form.setValue('ubos', owners.map((o, i) => (i === index ? { ...o, [key]: value } : o)))
  function submit() {
    const value = form.validate()
    if (value) save.mutate({ ubos: value.ubos, step: 'ubo' }, { onError: form.fail })
  }
  return (
    <Stack gap="md" data-testid="identity-step-ubos">
      <Text size="sm" c="dimmed">{t('moneyIdentity.ubos.text')}</Text>
      {owners.length === 0 && <Text size="sm">{t('moneyIdentity.ubos.empty')}</Text>}
      {owners.map((owner, index) => (
        <Card key={index} withBorder padding="sm" data-testid={`identity-ubo-${index}`}>
          <Group justify="space-between" mb="xs">
            <Text fw={500}>{t('moneyIdentity.ubos.owner', { n: index + 1 })}</Text>
            <ActionIcon variant="subtle" color="red" disabled={!editable} aria-label={t('moneyIdentity.ubos.remove')} onClick={() => form.setValue('ubos', owners.filter((_, i) => i !== index))}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={t('moneyIdentity.fields.firstName')} required disabled={!editable} value={owner.first_name} onChange={(e) => setOwner(index, 'first_name', e.currentTarget.value)} data-testid={`identity-ubo-${index}-first_name`} />
            <TextInput label={t('moneyIdentity.fields.lastName')} required disabled={!editable} value={owner.last_name} onChange={(e) => setOwner(index, 'last_name', e.currentTarget.value)} data-testid={`identity-ubo-${index}-last_name`} />
            <TextInput label={t('moneyIdentity.fields.share')} disabled={!editable} inputMode="decimal" value={owner.share} onChange={(e) => setOwner(index, 'share', e.currentTarget.value)} data-testid={`identity-ubo-${index}-share`} />
            {ownerDetailKeys.map((key) => (
              <TextInput
                key={key} label={t(`moneyIdentity.fields.${ownerDetailLabels[key]}`)} disabled={!editable} value={owner[key]}
                onChange={(e) => setOwner(index, key, e.currentTarget.value)} data-testid={`identity-ubo-${index}-${key}`}
              />
            ))}
          </SimpleGrid>
        </Card>
      ))}
      {form.errors.ubos && <Text size="sm" c="red" data-testid="identity-ubos-error">{form.errors.ubos}</Text>}
      <Button
        variant="light" leftSection={<IconPlus size={16} />} w="fit-content" disabled={!editable || owners.length >= kycLimits.maxUbos}
        onClick={() => form.setValue('ubos', [...owners, { ...blankOwner }])} data-testid="identity-ubo-add"
      >
        {t('moneyIdentity.ubos.add')}
      </Button>
      <FormError error={form.formError} />
      <Group justify="space-between">
        {actions ?? <span />}
        <Button onClick={submit} loading={save.isPending} disabled={!editable} data-testid="identity-save-ubos">{t('moneyIdentity.actions.next')}</Button>
      </Group>
    </Stack>
  )
}
