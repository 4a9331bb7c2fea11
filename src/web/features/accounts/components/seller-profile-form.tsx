import { Alert, Badge, Button, Divider, Group, Loader, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useMemo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import {
  regionRequired, salutations, sellerProfileInputFor, vatExemptReasons, type SellerProfile, type SellerProfileOutput,
} from '../../../../shared/schemas/seller-profile'
import { FormError } from '../../../components/form-error'
import { withHelp } from '../../../components/info-popover'
import { SelectField } from '../../../components/select-field'
import { queryClient } from '../../../lib/query-client'
import { selectInputProps, textInputProps, useZodForm, type FieldProps } from '../../../lib/forms'
import { meKey } from '../../../lib/session'
import { saveSellerProfile, sellerProfileKey, sellerProfileQuery } from '../api/seller-profile'
import { useCountryOptions } from './about-you-form'

// The seller profile (docs/reference/accounts-and-orders.md §2 "Profile modal steps"): a natural person fills business,
// personal and tax details; a legal entity business, representative, details and tax. Saving with every
// required field (section 5) finishes the profile, one of the conditions to sell (docs/reference/readings.md 23).

type Values = {
  business_type: 'natural' | 'entity'
  vat_payer: string | null
  vat_exempt_reason: string | null
  salutation: string | null
  first_name: string
  last_name: string
  phone: string
  birthday: string
  street: string
  street_number: string
  zip: string
  city: string
  country_code: string | null
  region: string
  company: string
  tax_number_type: 'number' | 'identification_number'
  tax_number: string
  tax_number_country: string | null
  vat_id: string
}

function initialValues(profile: SellerProfileOutput['profile'], home: string): Values {
  return {
    business_type: profile.business_type ?? 'natural',
    vat_payer: profile.vat_payer ?? null,
    vat_exempt_reason: profile.vat_exempt_reason ?? null,
    salutation: profile.salutation ?? null,
    first_name: profile.first_name ?? '',
    last_name: profile.last_name ?? '',
    phone: profile.phone ?? '',
    birthday: profile.birthday ?? '',
    street: profile.street ?? '',
    street_number: profile.street_number ?? '',
    zip: profile.zip ?? '',
    city: profile.city ?? '',
    country_code: profile.country_code ?? home,
    region: profile.region ?? '',
    company: profile.company ?? '',
    tax_number_type: profile.tax_number_type ?? 'number',
    tax_number: profile.tax_number ?? '',
    tax_number_country: profile.tax_number_country ?? profile.country_code ?? home,
    vat_id: profile.vat_id ?? '',
  }
}

/** Empty fields are left out; a reason only with exemption, a company only for an entity. */
function toInput(values: Values): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(values)) if (value !== null && value !== '') out[key] = value
  if (values.vat_payer !== 'exempt') delete out.vat_exempt_reason
  if (values.business_type !== 'entity') delete out.company
  return out
}

function Step({ index, title, children, testId }: { index: number; title: string; children: ReactNode; testId: string }) {
  return (
    <Stack gap="sm" data-testid={testId}>
      <Group gap="xs">
        <Badge variant="light" circle>{index}</Badge>
        <Title order={4} fz="md">{title}</Title>
      </Group>
      {children}
    </Stack>
  )
}

function RadioChoice({ label, field, options, required, help }: {
  label: string; field: FieldProps<string | null>; options: { value: string; label: string }[]; required?: boolean; help?: { text: string; testId: string }
}) {
  return (
    <Radio.Group label={label} required={required} {...(help ? withHelp(label, help.text, help.testId, false) : {})} value={field.value ?? null} onChange={(value) => field.onChange(value)} error={field.error}>
      <Group mt={6}>
        {options.map((option) => <Radio key={option.value} value={option.value} label={option.label} />)}
      </Group>
    </Radio.Group>
  )
}

function ProfileForm({ answer, onSaved }: { answer: SellerProfileOutput; onSaved?: () => void }) {
  const { t, i18n } = useTranslation()
  const countries = useCountryOptions()
  const home = answer.home_country
  const schema = useMemo(() => sellerProfileInputFor(home), [home])
  const form = useZodForm(schema, initialValues(answer.profile, home), i18n.language, { toInput })
  const mutation = useMutation({
    mutationFn: saveSellerProfile,
    onSuccess: async (saved) => {
      queryClient.setQueryData(sellerProfileKey, saved)
      await queryClient.invalidateQueries({ queryKey: meKey })
      onSaved?.()
    },
    onError: form.fail,
  })
  const v = form.values
  const entity = v.business_type === 'entity'
  const needsRegion = regionRequired({ business_type: v.business_type, country_code: (v.country_code ?? undefined) as SellerProfile['country_code'] }, home)
  const text = (name: keyof Values & string, label: string, more: Record<string, unknown> = {}) => (
    <TextInput label={label} {...more} {...textInputProps(form.field(name) as FieldProps<string>)} />
  )

  const business = (
    <Step index={1} title={t('sellerProfile.steps.business')} testId="seller-profile-business">
      <RadioChoice
        label={t('sellerProfile.businessType')}
        required
        field={form.field('business_type') as FieldProps<string | null>}
        options={[{ value: 'natural', label: t('sellerProfile.natural') }, { value: 'entity', label: t('sellerProfile.entity') }]}
      />
      <RadioChoice
        label={t('sellerProfile.vatPayer')}
        required
        help={{ text: t('help.vatPayer'), testId: 'help-vat-payer' }}
        field={form.field('vat_payer')}
        options={[{ value: 'liable', label: t('sellerProfile.vatLiable') }, { value: 'exempt', label: t('sellerProfile.vatExempt') }]}
      />
      {v.vat_payer === 'exempt' && (
        <SelectField
          label={t('sellerProfile.vatExemptReason')}
          data={vatExemptReasons.map((value) => ({ value, label: t(`sellerProfile.exemptReasons.${value}`) }))}
          searchable={false}
          required
          {...selectInputProps(form.field('vat_exempt_reason'))}
        />
      )}
    </Step>
  )

  const person = (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <SelectField
        label={t('sellerProfile.salutation')}
        data={salutations.map((value) => ({ value, label: t(`sellerProfile.salutations.${value}`) }))}
        searchable={false}
        clearable
        {...selectInputProps(form.field('salutation'))}
      />
      {text('birthday', t('sellerProfile.birthday'), { placeholder: t('sellerProfile.birthdayPlaceholder'), required: true, autoComplete: 'bday' })}
      {text('first_name', t('fields.firstName'), { required: true, autoComplete: 'given-name' })}
      {text('last_name', t('fields.lastName'), { required: true, autoComplete: 'family-name' })}
      {text('phone', t('sellerProfile.phone'), { required: true, type: 'tel', autoComplete: 'tel', description: t('aboutYou.phoneHint') })}
    </SimpleGrid>
  )

  const address = (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {entity && text('company', t('sellerProfile.company'), { required: true, autoComplete: 'organization' })}
      {text('street', t('sellerProfile.street'), { required: true, autoComplete: 'address-line1' })}
      {text('street_number', t('sellerProfile.streetNumber'))}
      {text('zip', t('sellerProfile.zip'), { required: true, autoComplete: 'postal-code' })}
      {text('city', t('sellerProfile.city'), { required: true, autoComplete: 'address-level2' })}
      <SelectField label={t('sellerProfile.country')} data={countries} required {...selectInputProps(form.field('country_code'))} />
      {text('region', t('sellerProfile.region'), { required: needsRegion, autoComplete: 'address-level1' })}
    </SimpleGrid>
  )

  const tax = (
    <Step index={entity ? 4 : 3} title={t('sellerProfile.steps.tax')} testId="seller-profile-tax">
      <RadioChoice
        label={t('sellerProfile.taxNumberType')}
        required
        field={form.field('tax_number_type') as FieldProps<string | null>}
        options={[{ value: 'number', label: t('sellerProfile.taxNumber') }, { value: 'identification_number', label: t('sellerProfile.taxIdentificationNumber') }]}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {text('tax_number', v.tax_number_type === 'number' ? t('sellerProfile.taxNumber') : t('sellerProfile.taxIdentificationNumber'), { required: true })}
        <SelectField label={t('sellerProfile.taxNumberCountry')} data={countries} required {...selectInputProps(form.field('tax_number_country'))} />
        {text('vat_id', t('sellerProfile.vatId'), { description: t('sellerProfile.vatIdHint') })}
      </SimpleGrid>
    </Step>
  )

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        const data = form.validate()
        if (data) mutation.mutate(data)
      }}
      noValidate
      data-testid="seller-profile-form"
    >
      <Stack gap="lg">
        {answer.profile_finished
          ? <Alert color="teal" variant="light" data-testid="seller-profile-finished">{t('sellerProfile.finished')}</Alert>
          : <Alert color="yellow" variant="light" data-testid="seller-profile-open">{t('sellerProfile.open')}</Alert>}
        {business}
        <Divider />
        {entity ? (
          <>
            <Step index={2} title={t('sellerProfile.steps.representative')} testId="seller-profile-representative">{person}</Step>
            <Divider />
            <Step index={3} title={t('sellerProfile.steps.details')} testId="seller-profile-details">{address}</Step>
          </>
        ) : (
          <Step index={2} title={t('sellerProfile.steps.personal')} testId="seller-profile-personal">
            {person}
            {address}
          </Step>
        )}
        <Divider />
        {tax}
        <FormError error={form.formError} />
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending} data-testid="seller-profile-save">{t('sellerProfile.save')}</Button>
        </Group>
      </Stack>
    </form>
  )
}

/** Loads the profile, then shows the form with it. */
export function SellerProfileForm({ onSaved }: { onSaved?: () => void }) {
  const { t } = useTranslation()
  const query = useQuery(sellerProfileQuery())
  if (query.isPending) return <Loader size="sm" />
  if (query.isError) return <Text c="red" size="sm">{t('sellerProfile.loadFailed')}</Text>
  return <ProfileForm answer={query.data} onSaved={onSaved} />
}
