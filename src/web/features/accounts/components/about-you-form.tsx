import { Button, Checkbox, Group, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useMemo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { aboutYouInput } from '../../../../shared/schemas/accounts'
import { countryCodes } from '../../../../shared/validation'
import { FormError } from '../../../components/form-error'
import { SelectField } from '../../../components/select-field'
import { selectInputProps, textInputProps, useZodForm } from '../../../lib/forms'
import { htmlLang, isLocale } from '../../../lib/locale'
import { setMe, type User } from '../../../lib/session'
import { saveAboutYou } from '../api/save-about-you'

// What a seller tells about their business (PATCH /user/about_you): the second sign-up step, and the
// business part of finishing the seller registration.

const employeeRanges = ['1-5', '6-20', '21-99', '100-500', '500+'] as const
const experiences = ['none', 'some', 'experienced'] as const
const productForms = ['course', 'digital', 'download', 'membership', 'eventTickets', 'licenseKey', 'certificate', 'bundle'] as const

type Values = {
  business_type: 'natural' | 'entity'
  company: string
  phone: string
  country_code: string | null
  employees: string | null
  selling_experience: string | null
  product_interest: string[]
}

/** Empty optional fields are left out, as the schema expects. */
function toInput(values: Values) {
  return {
    business_type: values.business_type,
    company: values.business_type === 'entity' && values.company.trim() ? values.company : undefined,
    phone: values.phone.trim() ? values.phone : undefined,
    country_code: values.country_code ?? undefined,
    employees: values.employees ?? undefined,
    selling_experience: values.selling_experience ?? undefined,
    product_interest: values.product_interest.length > 0 ? values.product_interest : undefined,
  }
}

export function useCountryOptions() {
  const { i18n } = useTranslation()
  return useMemo(() => {
    const lang = isLocale(i18n.language) ? htmlLang(i18n.language) : 'en'
    const names = new Intl.DisplayNames([lang, 'en'], { type: 'region' })
    return countryCodes
      .map((code) => ({ value: code, label: names.of(code) ?? code }))
      .sort((a, b) => a.label.localeCompare(b.label, lang))
  }, [i18n.language])
}

export function AboutYouForm({ onSaved, secondaryAction, submitLabel }: { onSaved: (user: User) => void; secondaryAction?: ReactNode; submitLabel?: string }) {
  const { t, i18n } = useTranslation()
  const countries = useCountryOptions()
  const form = useZodForm(
    aboutYouInput,
    { business_type: 'natural', company: '', phone: '', country_code: 'DE', employees: null, selling_experience: null, product_interest: [] } as Values,
    i18n.language,
    { toInput },
  )
  const mutation = useMutation({
    mutationFn: saveAboutYou,
    onSuccess: (user) => {
      setMe(user)
      onSaved(user)
    },
    onError: form.fail,
  })

  const submit = () => {
    const data = form.validate()
    if (data) mutation.mutate(data)
  }

  const businessType = form.field('business_type')
  const interests = form.field('product_interest')

  return (
    <form onSubmit={(event) => { event.preventDefault(); submit() }} noValidate>
      <Stack gap="md">
        <Radio.Group label={t('aboutYou.businessType')} value={businessType.value} onChange={(value) => businessType.onChange(value as Values['business_type'])} error={businessType.error}>
          <Group mt={6}>
            <Radio value="natural" label={t('aboutYou.natural')} />
            <Radio value="entity" label={t('aboutYou.entity')} />
          </Group>
        </Radio.Group>
        {businessType.value === 'entity' && (
          <TextInput label={t('aboutYou.company')} {...textInputProps(form.field('company'))} autoComplete="organization" />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <SelectField
            label={t('aboutYou.country')}
            data={countries}
            required
            {...selectInputProps(form.field('country_code'))}
          />
          <TextInput label={t('aboutYou.phone')} description={t('aboutYou.phoneHint')} type="tel" autoComplete="tel" {...textInputProps(form.field('phone'))} />
          <SelectField
            label={t('aboutYou.employees')}
            data={employeeRanges.map((value) => ({ value, label: t('aboutYou.employeesOption', { range: value }) }))}
            searchable={false}
            clearable
            {...selectInputProps(form.field('employees'))}
          />
          <SelectField
            label={t('aboutYou.experience')}
            data={experiences.map((value) => ({ value, label: t(`aboutYou.experiences.${value}`) }))}
            searchable={false}
            clearable
            {...selectInputProps(form.field('selling_experience'))}
          />
        </SimpleGrid>
        <Checkbox.Group label={t('aboutYou.interest')} value={interests.value} onChange={interests.onChange} error={interests.error}>
          <SimpleGrid cols={{ base: 1, xs: 2 }} mt={6} spacing="xs">
            {productForms.map((value) => <Checkbox key={value} value={value} label={t(`productForms.${value}`)} />)}
          </SimpleGrid>
        </Checkbox.Group>
        <FormError error={form.formError} />
        <Group justify="space-between">
          {secondaryAction ?? <span />}
          <Button type="submit" loading={mutation.isPending}>{submitLabel ?? t('aboutYou.save')}</Button>
        </Group>
      </Stack>
    </form>
  )
}
