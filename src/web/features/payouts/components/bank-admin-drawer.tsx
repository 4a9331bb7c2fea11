import { Button, Divider, Drawer, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { StatusBadge } from '../../../components/status-badge'
import { formatDateTime } from '../../../lib/format'
import { acceptBankAccount, deactivateBankAccountAsManager, type AdminBankAccount } from '../api/bank-accounts'
import { BankStateBadges } from './bank-badges'
import { BankDocumentsViewer } from './bank-documents-viewer'
import { BankRejectModal } from './bank-reject-modal'

// One bank account as a manager checks it: the account, its user, the party's identity step and documents
// (the holder must match them), and the check's buttons while it waits (docs/decisions/0049-money-out.md
// "Bank accounts").

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text size="sm" component="div">{children}</Text>
    </Stack>
  )
}

export function BankAdminDrawer({ account, onClose, onChanged }: { account: AdminBankAccount | null; onClose: () => void; onChanged: () => void }) {
  const { t, i18n } = useTranslation()
  const [rejecting, setRejecting] = useState<number | null>(null)
  const done = (message: string) => {
    notifications.show({ color: 'green', autoClose: 4000, message })
    onChanged()
  }
  const accept = useMutation({ mutationFn: (id: number) => acceptBankAccount(id), onSuccess: () => done(t('moneyBank.review.accepted')) })
  const deactivate = useMutation({ mutationFn: (id: number) => deactivateBankAccountAsManager(id), onSuccess: () => done(t('moneyBank.review.deactivated')) })
  const waiting = account?.state === 'waiting' && (account.legitimationState === 'init' || account.legitimationState === 'change')
  const canDeactivate = account !== null && !['deactivated', 'rejected'].includes(account.state)

  return (
    <Drawer opened={account !== null} onClose={onClose} position="right" size="xl" title={t('moneyBank.review.title')}>
      {account && (
        <Stack gap="md" data-testid="admin-bank-detail">
          <Group justify="space-between">
            <Title order={4}>{account.holder}</Title>
            <BankStateBadges id={account.id} state={account.state} legitimationState={account.legitimationState} />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Line label={t('moneyBank.fields.iban')}><span data-testid="admin-bank-iban">{account.iban}</span></Line>
            <Line label={t('moneyBank.fields.bic')}>{account.bic ?? '–'}</Line>
            <Line label={t('moneyBank.fields.country')}>{account.countryCode}</Line>
            <Line label={t('moneyBank.fields.currency')}>{account.currency.toUpperCase()}</Line>
            <Line label={t('moneyBank.columns.created')}>{formatDateTime(account.createdAt, i18n.language)}</Line>
            {account.rejectionReason && <Line label={t('moneyBank.fields.rejectionReason')}>{t(`moneyBank.reasons.${account.rejectionReason}`, { defaultValue: account.rejectionReason })}{account.rejectionComment ? `: ${account.rejectionComment}` : ''}</Line>}
          </SimpleGrid>
          <Divider label={t('moneyBank.review.user')} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Line label={t('moneyBank.review.name')}>{`${account.user.firstName} ${account.user.lastName}`.trim()}</Line>
            <Line label={t('moneyBank.review.email')}>{account.user.email}</Line>
            <Line label={t('moneyBank.columns.party')}>{t(`moneyBank.parties.${account.partyKind}`, { defaultValue: account.partyKind })} #{account.partyId}</Line>
          </SimpleGrid>
          <Divider label={t('moneyBank.review.identity')} labelPosition="left" />
          <Group gap="md">
            <Line label={t('moneyBank.review.step')}><StatusBadge status={account.legitimation.step} label={t(`moneyBank.steps.${account.legitimation.step}`, { defaultValue: account.legitimation.step })} /></Line>
            <Line label={t('moneyBank.review.businessType')}>{t(`moneyBank.businessTypes.${account.legitimation.businessType}`)}</Line>
          </Group>
          <BankDocumentsViewer documents={account.legitimation.documents} />
          <Group justify="flex-end" gap="sm">
            {canDeactivate && (
              <Button variant="default" loading={deactivate.isPending} onClick={() => deactivate.mutate(account.id)} data-testid="admin-bank-deactivate">{t('moneyBank.review.deactivate')}</Button>
            )}
            {waiting && (
              <>
                <Button color="red" variant="light" onClick={() => setRejecting(account.id)} data-testid="admin-bank-reject">{t('moneyBank.review.reject')}</Button>
                <Button color="green" loading={accept.isPending} onClick={() => accept.mutate(account.id)} data-testid="admin-bank-accept">{t('moneyBank.review.accept')}</Button>
              </>
            )}
          </Group>
        </Stack>
      )}
      <BankRejectModal
        accountId={rejecting}
        onClose={() => setRejecting(null)}
        onDone={() => {
          setRejecting(null)
          done(t('moneyBank.review.rejected'))
        }}
      />
    </Drawer>
  )
}
