import { Alert, Button, Group, Paper, Stack, Switch, Table, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useLocation } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useConfirm } from '../../../components/confirm-modal'
import { formatDateTime } from '../../../lib/format'
import {
  bankAccountsKey, bankAccountsQuery, deactivateBankAccount, refreshConnectOnboarding, startConnectOnboarding, type BankAccount, type BankArea,
} from '../api/bank-accounts'
import { BankAccountForm } from '../components/bank-account-form'
import { BankAdminList } from '../components/bank-admin-list'
import { BankStateBadges, maskIban } from '../components/bank-badges'

// Payout bank accounts (docs/decisions/0049-money-out.md "Bank accounts"): the party's own accounts under
// /cabinet (seller) or /publish (publisher), and the managers' lists under /admin. A party may instead onboard at
// the connect provider (docs/decisions/0052-emoney-pay-ins.md "Connect onboarding"): its hosted onboarding sends
// the party back here with `?connect=return` (the account is then asked of the provider) or `?connect=refresh`
// (the link expired: a new one is made).

function useBankArea(): BankArea {
  const { pathname } = useLocation()
  return pathname.startsWith('/publish') ? 'publish' : pathname.startsWith('/reseller') ? 'reseller' : pathname.startsWith('/team_member') ? 'team_member' : 'cabinet'
}

function AccountRow({ account, onDeactivate }: { account: BankAccount; onDeactivate: (account: BankAccount) => void }) {
  const { t, i18n } = useTranslation()
  const canDeactivate = !['deactivated', 'rejected'].includes(account.state)
  return (
    <Table.Tr data-testid={`bank-account-row-${account.id}`}>
      <Table.Td>
        {account.connectAccount
          ? (
              <>
                <Text size="sm">{t('moneyBank.connect.account')}</Text>
                <Text size="xs" c="dimmed" ff="monospace">{account.connectAccount}</Text>
              </>
            )
          : <Text size="sm" ff="monospace">{maskIban(account.iban)}</Text>}
        {account.bic && <Text size="xs" c="dimmed">{account.bic}</Text>}
      </Table.Td>
      <Table.Td>{account.holder}</Table.Td>
      <Table.Td>{account.currency.toUpperCase()}</Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <BankStateBadges id={account.id} state={account.state} legitimationState={account.legitimationState} />
          {account.providerAccountState && (
            <Text size="xs" c="dimmed" data-testid={`bank-account-connect-state-${account.id}`}>
              {t(`moneyBank.connect.states.${account.providerAccountState}`, { defaultValue: account.providerAccountState })}
            </Text>
          )}
          {account.rejectionReason && (
            <Text size="xs" c="red" data-testid={`bank-account-reason-${account.id}`}>
              {t(`moneyBank.reasons.${account.rejectionReason}`, { defaultValue: account.rejectionReason })}
              {account.rejectionComment ? `: ${account.rejectionComment}` : ''}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>{formatDateTime(account.createdAt, i18n.language)}</Table.Td>
      <Table.Td>
        {canDeactivate && (
          <Button size="xs" variant="subtle" color="red" onClick={() => onDeactivate(account)} data-testid={`bank-account-deactivate-${account.id}`}>
            {t('moneyBank.deactivate')}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  )
}

/** The connect provider's onboarding: a button that sends the party there, and the return handled once. */
function ConnectOnboarding({ area, connected }: { area: BankArea; connected: BankAccount | undefined }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const start = useMutation({ mutationFn: () => startConnectOnboarding(area), onSuccess: (answer) => window.location.assign(answer.url) })
  const refresh = useMutation({
    mutationFn: () => refreshConnectOnboarding(area),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: bankAccountsKey }),
  })
  const handled = useRef(false)
  useEffect(() => {
    if (handled.current) return
    handled.current = true
    const back = new URLSearchParams(window.location.search).get('connect')
    if (back === 'return') refresh.mutate()
    else if (back === 'refresh') start.mutate()
  }, [refresh, start])
  const unfinished = connected?.providerAccountState === 'kyc_incomplete'
  return (
    <Paper withBorder p="md" data-testid="bank-connect">
      <Stack gap="xs">
        <Title order={4}>{t('moneyBank.connect.title')}</Title>
        <Text size="sm" c="dimmed">{t('moneyBank.connect.text')}</Text>
        <Group>
          <Button variant="light" loading={start.isPending || refresh.isPending} onClick={() => start.mutate()} data-testid="bank-connect-start">
            {t(connected ? (unfinished ? 'moneyBank.connect.continue' : 'moneyBank.connect.manage') : 'moneyBank.connect.start')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}

export function BankAccountsPage() {
  const { t } = useTranslation()
  const area = useBankArea()
  const queryClient = useQueryClient()
  const [withDeactivated, setWithDeactivated] = useState(false)
  const accounts = useQuery(bankAccountsQuery(area, withDeactivated))
  const { confirm, modal } = useConfirm()
  const deactivate = useMutation({
    mutationFn: (id: number) => deactivateBankAccount(area, id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bankAccountsKey })
      notifications.show({ color: 'green', autoClose: 4000, message: t('moneyBank.deactivated') })
    },
  })
  const list = accounts.data?.list ?? []
  const waiting = list.some((a) => a.state === 'waiting')

  return (
    <Stack gap="lg" data-testid="bank-accounts-page">
      <Stack gap={4}>
        <Title order={2}>{t('moneyBank.title')}</Title>
        <Text c="dimmed">{t('moneyBank.intro')}</Text>
      </Stack>
      {waiting && <Alert color="yellow" variant="light" data-testid="bank-accounts-waiting">{t('moneyBank.waitingNote')}</Alert>}
      <Paper withBorder>
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" aria-busy={accounts.isPending}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('moneyBank.fields.iban')}</Table.Th>
                <Table.Th>{t('moneyBank.fields.holder')}</Table.Th>
                <Table.Th>{t('moneyBank.fields.currency')}</Table.Th>
                <Table.Th>{t('moneyBank.columns.state')}</Table.Th>
                <Table.Th>{t('moneyBank.columns.created')}</Table.Th>
                <Table.Th aria-label={t('moneyBank.columns.actions')} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((account) => (
                <AccountRow
                  key={account.id} account={account}
                  onDeactivate={(a) => confirm({
                    name: maskIban(a.iban), title: t('moneyBank.confirmTitle', { iban: maskIban(a.iban) }), text: t('moneyBank.confirmText'),
                    confirmLabel: t('moneyBank.deactivate'), onConfirm: () => deactivate.mutate(a.id),
                  })}
                />
              ))}
              {!accounts.isPending && list.length === 0 && (
                <Table.Tr><Table.Td colSpan={6}><Text c="dimmed" size="sm" data-testid="bank-accounts-empty">{t('moneyBank.empty')}</Text></Table.Td></Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Group>
        <Switch checked={withDeactivated} onChange={(e) => setWithDeactivated(e.currentTarget.checked)} label={t('moneyBank.showDeactivated')} data-testid="bank-show-deactivated" />
      </Group>
      {accounts.data?.connectOnboarding && (
        <ConnectOnboarding area={area} connected={list.find((a) => a.connectAccount && !['deactivated', 'rejected'].includes(a.state))} />
      )}
      {accounts.data && (
        <BankAccountForm
          area={area} countries={accounts.data.payoutCountries}
          onCreated={() => notifications.show({ color: 'green', autoClose: 4000, message: t('moneyBank.created') })}
        />
      )}
      {modal}
    </Stack>
  )
}

export function AdminBankAccountsPage() {
  return <BankAdminList kind="all" />
}

export function AdminBankAccountLegitimationsPage() {
  return <BankAdminList kind="legitimations" />
}
