import { ActionIcon, Alert, Badge, Button, Card, CopyButton, Group, Pagination, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title, Tooltip } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useParams } from '@tanstack/react-router'
import { IconCheck, IconCopy, IconLink, IconPlus, IconTrash } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { createThemeInput, themeKinds, themeVisibilities, type ThemeKind, type ThemeVisibility } from '../../../../shared/schemas/themes'
import { useConfirm } from '../../../components/confirm-modal'
import { errorText, FormError } from '../../../components/form-error'
import { Modal } from '../../../components/modal'
import { switchProfile, useMe } from '../../../lib/session'
import {
  applySharedTheme, applyTheme, copyTheme, createTheme, deleteTheme, hubQuery, shareTheme, sharedThemeQuery, themesKey, themesQuery,
  updateThemeVisibility, type PublicTheme, type Theme,
} from '../api/themes'

// Themes (docs/decisions/0061-fonts-and-themes.md): /cabinet/themes (the seller's own by kind, the applied
// one marked, share links), /cabinet/themes/hub (every seller's public themes, copied into the account),
// and /themes/shared/$token (a shared link: the receiver's seller profile copies and applies it).

const perPage = 30

function KindFilter({ kind, onChange }: { kind: ThemeKind | null; onChange: (kind: ThemeKind | null) => void }) {
  const { t } = useTranslation()
  return (
    <Select w={260} label={t('themes.kind')} placeholder={t('themes.allKinds')} clearable value={kind}
      data={themeKinds.map((k) => ({ value: k, label: t(`themes.kinds.${k}`) }))} onChange={(v) => onChange((v as ThemeKind | null) ?? null)} data-testid="theme-kind-filter" />
  )
}

/** A swatch row of the theme's colour settings, so a list shows what a theme looks like. */
function Swatches({ settings }: { settings: Record<string, unknown> }) {
  const colours = Object.entries(settings).filter(([key, value]) => key.endsWith('Color') && typeof value === 'string' && /^#[0-9a-f]{3,8}$/i.test(value)).slice(0, 8)
  if (colours.length === 0) return null
  return (
    <Group gap={4}>
      {colours.map(([key, value]) => <Tooltip key={key} label={key}><span style={{ display: 'inline-block', width: 16, height: 16, borderRadius: 4, border: '1px solid var(--mantine-color-gray-4)', background: value as string }} /></Tooltip>)}
    </Group>
  )
}

function CreateForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation()
  const [kind, setKind] = useState<ThemeKind>('ShopTheme')
  const [name, setName] = useState('')
  const [visibility, setVisibility] = useState<ThemeVisibility>('private')
  const [error, setError] = useState<unknown>(null)
  const submit = async () => {
    setError(null)
    const input = createThemeInput.safeParse({ kind, name, visibility })
    if (!input.success) {
      setError(new Error(t('themes.invalid')))
      return
    }
    try {
      await createTheme(input.data)
      onDone()
    } catch (caught) {
      setError(caught)
    }
  }
  return (
    <Stack gap="md" component="form" onSubmit={(event) => { event.preventDefault(); void submit() }} data-testid="theme-form">
      <Select label={t('themes.kind')} data={themeKinds.map((k) => ({ value: k, label: t(`themes.kinds.${k}`) }))} value={kind} allowDeselect={false} onChange={(v) => setKind((v ?? 'ShopTheme') as ThemeKind)} />
      <TextInput label={t('themes.name')} required value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="theme-name" />
      <Select label={t('themes.visibility')} description={t('themes.visibilityHint')} data={themeVisibilities.map((v) => ({ value: v, label: t(`themes.visibilities.${v}`) }))}
        value={visibility} allowDeselect={false} onChange={(v) => setVisibility((v ?? 'private') as ThemeVisibility)} />
      <FormError error={error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="submit" data-testid="theme-submit">{t('themes.create')}</Button>
      </Group>
    </Stack>
  )
}

function ThemeCard({ theme, onChanged }: { theme: Theme; onChanged: () => void }) {
  const { t } = useTranslation()
  const { confirm, modal } = useConfirm()
  const run = useMutation({ mutationFn: (action: () => Promise<unknown>) => action(), onSuccess: onChanged })
  return (
    <Card withBorder data-testid="theme-row">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Text fw={600}>{theme.name}</Text>
            {theme.applied && <Badge color="green" data-testid="theme-applied">{t('themes.applied')}</Badge>}
          </Group>
          <ActionIcon variant="subtle" color="red" aria-label={t('confirmDelete.confirm')}
            onClick={() => confirm({ name: theme.name, text: theme.applied ? t('themes.deleteApplied') : undefined, onConfirm: () => run.mutateAsync(() => deleteTheme(theme.id)) })}><IconTrash size={16} /></ActionIcon>
        </Group>
        <Group gap="xs">
          <Badge variant="light">{t(`themes.kinds.${theme.kind}`)}</Badge>
          <Badge variant="outline">{t(`themes.visibilities.${theme.visibility}`)}</Badge>
        </Group>
        <Swatches settings={theme.settings} />
        <Group gap="xs">
          {!theme.applied && <Button size="xs" onClick={() => run.mutate(() => applyTheme(theme.id))} data-testid="theme-apply">{t('themes.apply')}</Button>}
          <Button size="xs" variant="default" leftSection={<IconCopy size={14} />} onClick={() => run.mutate(() => copyTheme(theme.id))}>{t('themes.copy')}</Button>
          <Button size="xs" variant="default" onClick={() => run.mutate(() => updateThemeVisibility(theme.id, theme.visibility === 'public' ? 'private' : 'public'))}>
            {theme.visibility === 'public' ? t('themes.makePrivate') : t('themes.makePublic')}
          </Button>
        </Group>
        <Group gap="xs">
          <Switch size="xs" label={t('themes.shareLink')} checked={theme.shareUrl !== null} onChange={(e) => run.mutate(() => shareTheme(theme.id, e.currentTarget.checked))} data-testid="theme-share" />
          {theme.shareUrl && (
            <CopyButton value={theme.shareUrl}>
              {({ copied, copy }) => (
                <Button size="xs" variant="subtle" leftSection={copied ? <IconCheck size={14} /> : <IconLink size={14} />} onClick={copy} data-testid="theme-copy-link">
                  {copied ? t('themes.linkCopied') : t('themes.copyLink')}
                </Button>
              )}
            </CopyButton>
          )}
          {theme.shareUrl && <Button size="xs" variant="subtle" onClick={() => run.mutate(() => shareTheme(theme.id, true))}>{t('themes.newLink')}</Button>}
        </Group>
        <FormError error={run.error} />
      </Stack>
      {modal}
    </Card>
  )
}

export function ThemesPage() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [kind, setKind] = useState<ThemeKind | null>(null)
  const [page, setPage] = useState(1)
  const [creating, setCreating] = useState(false)
  const list = useQuery(themesQuery(kind, page))
  const refresh = () => void queryClient.invalidateQueries({ queryKey: themesKey })
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>{t('themes.title')}</Title>
        <Group>
          <Button variant="default" component={Link} to="/cabinet/themes/hub">{t('themes.hubLink')}</Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="theme-new">{t('themes.new')}</Button>
        </Group>
      </Group>
      <KindFilter kind={kind} onChange={(k) => { setKind(k); setPage(1) }} />
      {list.data && list.data.list.length === 0 && <Text c="dimmed" data-testid="themes-empty">{t('themes.empty')}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {list.data?.list.map((theme) => <ThemeCard key={theme.id} theme={theme} onChanged={refresh} />)}
      </SimpleGrid>
      {list.data && list.data.totalCount > perPage && <Pagination total={Math.ceil(list.data.totalCount / perPage)} value={page} onChange={setPage} />}
      <Modal opened={creating} onClose={() => setCreating(false)} title={t('themes.new')}>
        <CreateForm onCancel={() => setCreating(false)} onDone={() => { setCreating(false); refresh() }} />
      </Modal>
    </Stack>
  )
}

function HubCard({ theme }: { theme: PublicTheme }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const copy = useMutation({ mutationFn: () => copyTheme(theme.id), onSuccess: () => void queryClient.invalidateQueries({ queryKey: themesKey }) })
  return (
    <Card withBorder data-testid="hub-row">
      <Stack gap="xs">
        <Text fw={600}>{theme.name}</Text>
        <Group gap="xs">
          <Badge variant="light">{t(`themes.kinds.${theme.kind}`)}</Badge>
          <Text size="xs" c="dimmed">{theme.own ? t('themes.yours') : t('themes.by', { seller: theme.seller.name })}</Text>
        </Group>
        <Swatches settings={theme.settings} />
        <Group gap="xs">
          <Button size="xs" leftSection={copy.isSuccess ? <IconCheck size={14} /> : <IconCopy size={14} />} loading={copy.isPending} disabled={copy.isSuccess} onClick={() => copy.mutate()} data-testid="hub-copy">
            {copy.isSuccess ? t('themes.copied') : t('themes.copyToMine')}
          </Button>
        </Group>
        <FormError error={copy.error} />
      </Stack>
    </Card>
  )
}

export function ThemeHubPage() {
  const { t } = useTranslation()
  const [kind, setKind] = useState<ThemeKind | null>(null)
  const [page, setPage] = useState(1)
  const list = useQuery(hubQuery(kind, page))
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>{t('themes.hubTitle')}</Title>
        <Button variant="default" component={Link} to="/cabinet/themes">{t('themes.myThemes')}</Button>
      </Group>
      <Text c="dimmed" size="sm">{t('themes.hubIntro')}</Text>
      <KindFilter kind={kind} onChange={(k) => { setKind(k); setPage(1) }} />
      {list.data && list.data.list.length === 0 && <Text c="dimmed" data-testid="hub-empty">{t('themes.hubEmpty')}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {list.data?.list.map((theme) => <HubCard key={theme.id} theme={theme} />)}
      </SimpleGrid>
      {list.data && list.data.totalCount > perPage && <Pagination total={Math.ceil(list.data.totalCount / perPage)} value={page} onChange={setPage} />}
    </Stack>
  )
}

/**
 * /themes/shared/$token (signed in first, by the route's guard): shows the shared theme; a user with a seller
 * profile is switched to it and may apply the theme (a private copy, applied); anyone else is told they need one.
 */
export function SharedThemePage() {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const { token } = useParams({ strict: false }) as { token: string }
  const me = useMe()
  const sellerProfile = me.data?.profiles.find((p) => p.type === 'seller') ?? null
  const onSellerProfile = sellerProfile !== null && me.data?.currentProfileId === sellerProfile.id
  const [switchError, setSwitchError] = useState<unknown>(null)
  useEffect(() => {
    if (sellerProfile && !onSellerProfile) switchProfile(sellerProfile.id).catch(setSwitchError)
  }, [sellerProfile, onSellerProfile])
  const shared = useQuery(sharedThemeQuery(token))
  const apply = useMutation({ mutationFn: () => applySharedTheme(token), onSuccess: () => void navigate({ to: '/cabinet/themes' }) })
  if (shared.isPending || me.isPending) return null
  if (shared.isError) {
    return (
      <Stack maw={560} mx="auto" my="xl" data-testid="shared-theme-error">
        <Alert color="yellow" title={t('themes.shared.unavailable')}>{errorText(shared.error, i18n.language, t('themes.shared.unavailable'))}</Alert>
      </Stack>
    )
  }
  const theme = shared.data.theme
  return (
    <Stack maw={560} mx="auto" my="xl" gap="md" data-testid="shared-theme">
      <Text c="dimmed">{t('themes.shared.from', { seller: theme.seller.name })}</Text>
      <Title order={1}>{theme.name}</Title>
      <Group gap="xs"><Badge variant="light">{t(`themes.kinds.${theme.kind}`)}</Badge></Group>
      <Swatches settings={theme.settings} />
      {!sellerProfile && <Alert color="blue" data-testid="shared-theme-no-seller">{t('themes.shared.needSeller')}</Alert>}
      <FormError error={switchError ?? apply.error} />
      {sellerProfile && (
        <Button size="lg" disabled={!onSellerProfile} loading={apply.isPending} onClick={() => apply.mutate()} data-testid="shared-theme-apply">{t('themes.shared.apply')}</Button>
      )}
    </Stack>
  )
}
