import { Badge, Button, Card, Group, Stack, Tabs, Text } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormError } from '../../../../components/form-error'
import { Modal } from '../../../../components/modal'
import { certificateDesignQuery } from '../../api/certificate-design'
import { removeCertificateDesign } from '../../api/remove-certificate-design'
import { courseCertificateStatus } from '../course-certificate'
import { CertificateStep } from './certificate-steps'
import { ContentStep } from './content-step'
import type { StepProps } from './step-types'

// The course's certificate (docs/decisions/0025-certificates-licenses-downloads-follow-ups.md): the spec's course wizard has no design step, so the
// content step carries it below the lessons, reusing the certificate product's two design parts. Saving
// either part gives the course a certificate, issued on course completion unless the seller chooses purchase;
// "Remove certificate" (after a confirmation) takes it off again: certificates already issued stay valid.

function CourseCertificateSection({ product }: Pick<StepProps, 'product'>) {
  const { t } = useTranslation()
  const design = useQuery(certificateDesignQuery(product.id))
  const status = design.data ? courseCertificateStatus(design.data) : null
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  const remove = useMutation({
    mutationFn: () => removeCertificateDesign(product.id),
    onSuccess: async () => {
      setConfirming(false)
      await queryClient.invalidateQueries({ queryKey: certificateDesignQuery(product.id).queryKey })
    },
  })
  return (
    <Card withBorder padding="lg" data-testid="course-certificate">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{t('certificatesIssued.course.title')}</Text>
          {status && (
            <Badge color={status === 'none' ? 'gray' : 'green'} variant="light" data-testid="course-certificate-status">
              {t(`certificatesIssued.course.status.${status}`)}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">{t('certificatesIssued.course.help')}</Text>
        {design.data?.saved && (
          <Group justify="flex-end">
            <Button variant="subtle" color="red" size="xs" onClick={() => setConfirming(true)} data-testid="course-certificate-remove">
              {t('certificatesIssued.course.remove')}
            </Button>
          </Group>
        )}
        <Tabs defaultValue="keys" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="keys">{t('certificatesIssued.course.tabs.keys')}</Tabs.Tab>
            <Tabs.Tab value="design">{t('certificatesIssued.course.tabs.design')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="keys" pt="md"><CertificateStep product={product} part="keys" /></Tabs.Panel>
          <Tabs.Panel value="design" pt="md"><CertificateStep product={product} part="design" /></Tabs.Panel>
        </Tabs>
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('certificatesIssued.course.removeTitle')}>
        <Stack>
          <Text>{t('certificatesIssued.course.removeText')}</Text>
          <FormError error={remove.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>{t('common.cancel')}</Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>{t('certificatesIssued.course.remove')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  )
}

/** Step "content" of a course: modules and lessons, then the course's certificate. */
export function CourseContentStep(props: StepProps) {
  return (
    <Stack gap="xl">
      <ContentStep {...props} />
      <CourseCertificateSection product={props.product} />
    </Stack>
  )
}
