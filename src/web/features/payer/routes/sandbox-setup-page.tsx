import { Alert, Badge, Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { errorText } from '../../../components/form-error'
import { completeSandboxSetup, methodSetupQuery } from '../api/purchases'

// /sandbox/setups/$token: the built-in test provider's page for a new payment method (the payer changes
// the method of later rates at the manage page). Like the sandbox's payment page it is clearly test mode:
// the payer chooses whether the provider keeps the test card or refuses it, then goes back to the manage
// page. Signed in; another payer's setup answers "not found".
export function SandboxSetupPage() {
  const { t, i18n } = useTranslation()
  const { token } = useParams({ strict: false }) as { token: string }
  const setup = useQuery(methodSetupQuery(token))
  const choose = useMutation({
    mutationFn: (outcome: 'success' | 'failure') => completeSandboxSetup(token, outcome),
    onSuccess: (done) => window.location.assign(`${done.manageUrl}?method=${done.state === 'successful' ? 'changed' : 'refused'}`),
  })
  return (
    <Container size="xs" py="xl" data-testid="sandbox-setup">
      {setup.isPending && <Loader size="sm" />}
      {setup.isError && <Alert color="red">{errorText(setup.error, i18n.language, t('payerArea.notFound'))}</Alert>}
      {setup.data && (
        <Card withBorder padding="lg" radius="md">
          <Stack gap="md">
            <Group justify="space-between">
              <Title order={2} fz="h3">{t('payerArea.sandboxSetup.title')}</Title>
              <Badge color="orange" variant="light">{t('payerArea.sandboxSetup.testMode')}</Badge>
            </Group>
            <Text size="sm">{t('payerArea.sandboxSetup.lead', { product: setup.data.productName, seller: setup.data.sellerUsername })}</Text>
            {setup.data.state !== 'waiting' ? (
              <Alert color={setup.data.state === 'successful' ? 'green' : 'yellow'} data-testid="sandbox-setup-done">
                {t(`payerArea.sandboxSetup.states.${setup.data.state}`)}{' '}
                <a href={setup.data.manageUrl}>{t('payerArea.sandboxSetup.back')}</a>
              </Alert>
            ) : (
              <Group>
                <Button loading={choose.isPending && choose.variables === 'success'} disabled={choose.isPending} onClick={() => choose.mutate('success')} data-testid="sandbox-setup-success">
                  {t('payerArea.sandboxSetup.success')}
                </Button>
                <Button color="red" variant="light" loading={choose.isPending && choose.variables === 'failure'} disabled={choose.isPending} onClick={() => choose.mutate('failure')} data-testid="sandbox-setup-failure">
                  {t('payerArea.sandboxSetup.failure')}
                </Button>
              </Group>
            )}
            {choose.isError && <Alert color="red">{errorText(choose.error, i18n.language, t('payerArea.notFound'))}</Alert>}
          </Stack>
        </Card>
      )}
    </Container>
  )
}
