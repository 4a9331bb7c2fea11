import { Button, Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { productForms, type ProductForm } from '../../../../shared/catalog'
import { createProductInput } from '../../../../shared/schemas/catalog'
import { FormError } from '../../../components/form-error'
import { Modal } from '../../../components/modal'
import { textInputProps, useZodForm } from '../../../lib/forms'
import { createProduct } from '../api/create-product'

// "New product": the seller picks one of the eight forms (each explained in a sentence) and names it;
// the product is created and its wizard opens.

const newProductInput = z.object({ form: createProductInput.shape.form, name: createProductInput.shape.name })

export function NewProductModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const form = useZodForm(newProductInput, { form: 'digital' as ProductForm, name: '' }, i18n.language)
  const create = useMutation({
    mutationFn: createProduct,
    onSuccess: (product) => {
      onClose()
      form.reset()
      void navigate({ to: '/cabinet/products/$productId/edit', params: { productId: String(product.id) } })
    },
    onError: (error) => form.fail(error),
  })
  return (
    <Modal opened={opened} onClose={onClose} title={t('products.new.title')} size="xl">
      <form onSubmit={(event) => {
        event.preventDefault()
        const data = form.validate()
        if (data) create.mutate({ form: data.form, name: data.name })
      }} noValidate>
        <Stack gap="md">
          <Radio.Group
            label={t('products.new.form')}
            value={form.values.form}
            onChange={(value) => form.setValue('form', value as ProductForm)}
            error={form.errors.form}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
              {productForms.map((f) => (
                <Radio.Card key={f} value={f} p="sm" radius="md" data-testid={`new-form-${f}`}>
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <Radio.Indicator />
                    <div>
                      <Text fw={600} size="sm">{t(`products.forms.${f}`)}</Text>
                      <Text size="xs" c="dimmed">{t(`products.formHelp.${f}`)}</Text>
                    </div>
                  </Group>
                </Radio.Card>
              ))}
            </SimpleGrid>
          </Radio.Group>
          <TextInput label={t('products.fields.name')} required {...textInputProps(form.field('name'))} data-testid="new-product-name" />
          <FormError error={form.formError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="submit" loading={create.isPending} data-testid="new-product-create">{t('products.new.create')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
