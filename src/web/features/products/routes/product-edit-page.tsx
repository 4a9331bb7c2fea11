import { Alert, Anchor, Badge, Button, Card, Group, List, Stack, Stepper, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useParams } from '@tanstack/react-router'
import { IconArrowLeft, IconEye, IconEyeOff } from '@tabler/icons-react'
import { useEffect, useState, type ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { stepFromQuery, stepQuery, wizardSteps, type ProductStatus, type WizardStepKey } from '../../../../shared/catalog'
import { FormError } from '../../../components/form-error'
import { LoadingMask } from '../../../components/loading-mask'
import { NotFoundState } from '../../../components/not-found-state'
import { StatusBadge } from '../../../components/status-badge'
import { isApiError } from '../../../lib/api-client'
import { useSearchParam } from '../../../lib/search'
import { productQuery } from '../api/get-product'
import { publishProduct } from '../api/publish-product'
import { productKey, productsKey, type Product } from '../api/types'
import { unpublishProduct } from '../api/unpublish-product'
import { ProductStatuses } from '../components/product-statuses'
import { cannotPublishReasons } from '../components/publish-reasons'
import { AddonsStep } from '../components/steps/addons-step'
import { AdvancedStep } from '../components/steps/advanced-step'
import { CertificateDesignStep, CertificateKeysStep } from '../components/steps/certificate-steps'
import { CheckoutStep } from '../components/steps/checkout-step'
import { ContentStep } from '../components/steps/content-step'
import { CourseContentStep } from '../components/steps/course-certificate-section'
import { DetailsStep } from '../components/steps/details-step'
import { FilesStep } from '../components/steps/files-step'
import { DeliveryStep, MarketUpsellStep, PagesStep } from '../components/steps/later-steps'
import { LicenseKeysStep } from '../components/steps/license-keys-step'
import type { StepProps } from '../components/steps/step-types'
import { TicketDesignStep } from '../components/steps/ticket-design-step'
import { TicketsStep } from '../components/steps/tickets-step'

// /cabinet/products/$productId/edit?step=N: the product wizard (docs/reference/catalogue-and-selling.md §2). Its steps are the
// form's (wizardSteps); step 1 has no query, 2..N do, a step beyond the last goes to the last
// (docs/reference/readings.md 15), so the URL step survives a reload. Each step saves on its own.

function stepComponent(product: Product, key: WizardStepKey): ComponentType<StepProps> {
  switch (key) {
    case 'product_details': return DetailsStep
    case 'file_upload': return FilesStep
    case 'content': return product.form === 'course' ? CourseContentStep : ContentStep
    case 'products': return AddonsStep
    case 'tickets_details': return TicketsStep
    case 'add_license_keys': return LicenseKeysStep
    case 'keys_details': return CertificateKeysStep
    case 'design': return product.form === 'certificate' ? CertificateDesignStep : TicketDesignStep
    case 'checkout': return CheckoutStep
    case 'market_upsell': return MarketUpsellStep
    case 'delivery': return DeliveryStep
    case 'pages': return PagesStep
    case 'advanced': return AdvancedStep
  }
}

function PublishBar({ product, onSaved }: { product: Product; onSaved: (p: Product) => void }) {
  const { t } = useTranslation()
  const [reasons, setReasons] = useState<ProductStatus[] | null>(null)
  const toggle = useMutation({
    mutationFn: () => (product.published ? unpublishProduct(product.id) : publishProduct(product.id)),
    onMutate: () => setReasons(null),
    onSuccess: (saved) => {
      onSaved(saved)
      notifications.show({ color: 'green', message: t(`products.publishStates.${saved.publishState}`) })
    },
    onError: (error) => setReasons(cannotPublishReasons(error)),
  })
  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <StatusBadge status={product.publishState} label={t(`products.publishStates.${product.publishState}`)} />
            {product.archived && <Badge color="gray" variant="light">{t('products.statuses.is_archived')}</Badge>}
            {product.reviewReason && <Text size="sm" c="red">{t('products.review.reason', { reason: product.reviewReason })}</Text>}
          </Group>
          <Button
            leftSection={product.published ? <IconEyeOff size={16} /> : <IconEye size={16} />}
            variant={product.published ? 'default' : 'filled'}
            loading={toggle.isPending}
            onClick={() => toggle.mutate()}
            data-testid="wizard-publish"
          >
            {product.published ? t('products.list.unpublish') : t('products.list.publish')}
          </Button>
        </Group>
        <ProductStatuses statuses={product.statuses} />
        {reasons && (
          <Alert color="red" variant="light" title={t('products.publish.failed')} data-testid="publish-reasons">
            <List size="sm">{reasons.map((status) => <List.Item key={status}>{t(`products.statusTexts.${status}`)}</List.Item>)}</List>
          </Alert>
        )}
        {!reasons && toggle.error !== null && <FormError error={toggle.error} />}
      </Stack>
    </Card>
  )
}

export function ProductEditPage() {
  const { t } = useTranslation()
  const params = useParams({ strict: false }) as { productId?: string }
  const id = Number(params.productId)
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const rawStep = useSearchParam('step')
  const product = useQuery({ ...productQuery(id), enabled: Number.isInteger(id) && id > 0 })
  const form = product.data?.form
  const step = form ? stepFromQuery(form, rawStep) : 1

  const goTo = (n: number, replace = false) => {
    if (!form) return
    const query = stepQuery(form, n)
    void navigate({ href: `/cabinet/products/${id}/edit${query === undefined ? '' : `?step=${query}`}`, replace })
  }

  // a step beyond the form's last (or no valid step) goes to the canonical URL of the step shown
  useEffect(() => {
    if (!form || rawStep === undefined) return
    const canonical = stepQuery(form, step)
    if (String(canonical ?? '') !== rawStep) goTo(step, true)
  })

  const onSaved = (saved?: Product) => {
    if (saved) queryClient.setQueryData(productKey(id), saved)
    else void queryClient.invalidateQueries({ queryKey: productKey(id) })
    void queryClient.invalidateQueries({ queryKey: [...productsKey, 'list'] })
  }

  if (product.isError && isApiError(product.error) && product.error.status === 404) {
    return <NotFoundState homePath="/cabinet/products" homeLabel={t('products.wizard.backToList')} />
  }
  const data = product.data
  const steps = data ? wizardSteps(data.form) : []
  const key = steps[step - 1]
  const Step = data && key ? stepComponent(data, key) : null

  return (
    <LoadingMask visible={product.isPending}>
      <FormError error={product.error} />
      {data && Step && key && (
        <Stack gap="lg" data-testid="product-wizard" data-form={data.form} data-step={step}>
          <Anchor component={Link} to="/cabinet/products" size="sm">
            <Group gap={4}><IconArrowLeft size={14} />{t('products.wizard.backToList')}</Group>
          </Anchor>
          <Group justify="space-between" align="flex-end">
            <Stack gap={2}>
              <Text size="sm" c="dimmed">{t(`products.forms.${data.form}`)}</Text>
              <Title order={2} data-testid="wizard-title">{data.name}</Title>
            </Stack>
          </Group>
          <PublishBar product={data} onSaved={onSaved} />
          <Stepper active={step - 1} onStepClick={(index) => goTo(index + 1)} size="sm" wrap allowNextStepsSelect>
            {steps.map((s, index) => (
              <Stepper.Step key={s} label={t(`products.steps.${s}`)} aria-label={t(`products.steps.${s}`)} data-testid={`wizard-step-${index + 1}`} />
            ))}
          </Stepper>
          <Card withBorder padding="lg" radius="md">
            <Stack gap="md">
              <Title order={3} fz="lg" data-testid="step-title">{t(`products.steps.${key}`)}</Title>
              <Step key={`${data.id}-${key}`} product={data} onSaved={onSaved} />
            </Stack>
          </Card>
          <Group justify="space-between">
            <Button variant="default" disabled={step <= 1} onClick={() => goTo(step - 1)} data-testid="wizard-prev">{t('common.back')}</Button>
            <Button variant="light" disabled={step >= steps.length} onClick={() => goTo(step + 1)} data-testid="wizard-next">{t('common.next')}</Button>
          </Group>
        </Stack>
      )}
    </LoadingMask>
  )
}
