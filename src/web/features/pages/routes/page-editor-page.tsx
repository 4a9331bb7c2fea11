import '@puckeditor/core/no-external.css'
import '../../../../storefront/styles/built.css'
import '../components/page-editor.css'
import { Alert, Badge, Button, Drawer, Group, List, Loader, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { Puck, useGetPuck, type Data, type Viewports } from '@puckeditor/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useParams } from '@tanstack/react-router'
import { IconArrowLeft, IconHistory, IconLanguage } from '@tabler/icons-react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { PageBlock, PageTranslations, PageType } from '../../../../shared/pages/page-blocks'
import { themeKindsFor, type PageTheme } from '../../../../shared/pages/page-theme'
import { translateMessage } from '../../../../shared/validation/messages'
import { emptyBuiltPageData, type BuiltPageData, type BuiltProduct } from '../../../../storefront/built/built-data'
import { canvasTexts, TextsContext } from '../../../../storefront/built/canvas-texts'
import { useConfirm } from '../../../components/confirm-modal'
import { FormError } from '../../../components/form-error'
import { StatusBadge } from '../../../components/status-badge'
import { isApiError } from '../../../lib/api-client'
import { useMe } from '../../../lib/session'
import {
  activatePage, appliedThemeQuery, pageQuery, pagesKey, publishPage, restoreVersion, saveDraft, sellerProductsQuery, sellerUploadsQuery, type PageDetail, type SellerProduct, type SellerUpload,
} from '../api/pages'
import { pageEditorConfig } from '../components/block-config'
import { PageLanguagesDrawer } from '../components/page-languages-drawer'
import { checkDocument, dataToDocument, documentToData, problemsOf, type DocumentProblem } from '../lib/page-data'
import { translationsOfAnswer, translationsToSave } from '../lib/page-translations-draft'

// /cabinet/pages/$pageId/edit (docs/decisions/0064-visual-editor.md): the Puck editor of one page. Its
// palette is the page type's blocks, the canvas renders them with the storefront's renderers, and the
// header saves the draft (with the revision it started from: a 409 offers a reload), publishes, lists
// versions to restore and makes the page the one in use. Puck brings drag and drop, undo and redo.

/** The spec's breakpoints (docs/reference/catalogue-and-selling.md §9) and the full width. */
function viewports(fullWidth: string): Viewports {
  return [
    { width: 576, label: '576', icon: 'Smartphone' },
    { width: 768, label: '768', icon: 'Tablet' },
    { width: 992, label: '992', icon: 'Monitor' },
    { width: '100%', label: fullWidth, icon: 'Monitor' },
  ]
}

/** The canvas's sample data: the seller's own products and uploads, so blocks show real names, prices and pictures. */
function canvasData(products: SellerProduct[], page: PageDetail, uploads: SellerUpload[], theme: PageTheme | undefined): BuiltPageData {
  const built: Record<number, BuiltProduct> = {}
  for (const p of products) {
    const url = `/s/${p.sellerUsername}/${p.slug}`
    built[p.id] = {
      id: p.id, name: p.name, url, checkout_url: url, cover_url: null, display_price: p.displayPrice, display_old_price: p.displayOldPrice,
      currency: p.displayCurrencyId, description: p.description, category: null,
    }
  }
  const listed = products.filter((p) => !p.archived && !p.hiddenInShop).map((p) => p.id)
  const username = products[0]?.sellerUsername ?? ''
  return emptyBuiltPageData({
    seller: { username, name: username },
    // Served by the storefront at /s/{username}/uploads/{key} (docs/decisions/0065-serving-built-pages.md).
    uploads: username ? Object.fromEntries(uploads.map((u) => [u.key, { url: `/s/${encodeURIComponent(username)}/uploads/${encodeURIComponent(u.key)}`, name: u.name }])) : {},
    products: built, shopProductIds: listed, membershipProductIds: listed, pageProductId: page.productId, popularProductIds: listed.slice(0, 6),
    now: new Date().toISOString(),
    theme,
  })
}

type Actions = {
  page: PageDetail
  onSaved: (page: PageDetail) => void
  onProblems: (problems: DocumentProblem[]) => void
  onConflict: () => void
  openVersions: () => void
  /** The page's texts in other languages, kept beside Puck's data and saved with it. */
  translations: PageTranslations
  /** Opens the languages panel on the blocks as the canvas holds them. */
  openLanguages: (blocks: PageBlock[]) => void
}

/** The header's buttons; inside Puck, so they read its current data. */
function HeaderActions({ page, onSaved, onProblems, onConflict, openVersions, translations, openLanguages }: Actions) {
  const { t } = useTranslation()
  const getPuck = useGetPuck()
  const [busy, setBusy] = useState<'save' | 'publish' | 'activate' | null>(null)
  const [error, setError] = useState<unknown>(null)
  const pageType = page.pageType as PageType

  const markFirst = (problems: DocumentProblem[]) => {
    onProblems(problems)
    const first = problems.find((p) => p.blockId !== null)
    const puck = getPuck()
    const selector = first?.blockId ? puck.getSelectorForId(first.blockId) : undefined
    if (selector) puck.dispatch({ type: 'setUi', ui: { itemSelector: selector } })
  }

  /** Saves the editor's data as the draft; null when it was refused (the problems are shown). */
  const save = async (): Promise<PageDetail | null> => {
    const base = dataToDocument(getPuck().appState.data as Data, pageType)
    // The translations of blocks, items or texts removed since are not sent (the server would refuse them).
    const translated = translationsToSave(base.blocks, translations)
    const document = translated ? { ...base, translations: translated } : base
    const local = checkDocument(document, pageType)
    if (local.length > 0) {
      markFirst(local)
      return null
    }
    try {
      const saved = await saveDraft(page.id, { pageType, revision: page.revision, document })
      onProblems([])
      onSaved(saved)
      return saved
    } catch (caught) {
      if (isApiError(caught) && caught.status === 409 && caught.fields?.some((f) => f.path === 'revision')) onConflict()
      else if (isApiError(caught) && (caught.status === 400 || caught.status === 422) && caught.fields?.length) markFirst(problemsOf(document, caught.fields))
      else setError(caught)
      return null
    }
  }

  const run = async (what: 'save' | 'publish' | 'activate') => {
    setBusy(what)
    setError(null)
    try {
      if (what === 'save') {
        if (await save()) notifications.show({ color: 'green', autoClose: 3000, message: t('pageBuilder.editor.saved') })
      } else if (what === 'publish') {
        if (!(await save())) return
        const published = await publishPage(page.id)
        onSaved(published)
        notifications.show({ color: 'green', autoClose: 3000, message: t('pageBuilder.editor.publishedAs', { number: published.publishedVersion }) })
      } else {
        onSaved(await activatePage(page.id))
        notifications.show({ color: 'green', autoClose: 3000, message: t('pageBuilder.editor.activated') })
      }
    } catch (caught) {
      setError(caught)
    } finally {
      setBusy(null)
    }
  }

  return (
    <Group gap="xs" wrap="nowrap">
      <FormError error={error} />
      {page.active && <StatusBadge status="active" label={t('pageBuilder.active')} testId="editor-active" />}
      <Button size="xs" variant="default" leftSection={<IconLanguage size={14} />} onClick={() => openLanguages(dataToDocument(getPuck().appState.data as Data, pageType).blocks)}
        data-testid="editor-languages">{t('pageBuilder.editor.languages')}</Button>
      <Button size="xs" variant="default" leftSection={<IconHistory size={14} />} onClick={openVersions} data-testid="editor-versions">{t('pageBuilder.editor.versions')}</Button>
      <Button size="xs" variant="default" loading={busy === 'save'} disabled={busy !== null} onClick={() => void run('save')} data-testid="editor-save">{t('pageBuilder.editor.save')}</Button>
      <Button size="xs" loading={busy === 'publish'} disabled={busy !== null} onClick={() => void run('publish')} data-testid="editor-publish">{t('pageBuilder.editor.publish')}</Button>
      {!page.active && page.publishedVersion !== null && (
        <Button size="xs" variant="light" loading={busy === 'activate'} disabled={busy !== null} onClick={() => void run('activate')} data-testid="editor-activate">{t('pageBuilder.editor.activate')}</Button>
      )}
    </Group>
  )
}

function Problems({ problems }: { problems: DocumentProblem[] }) {
  const { t, i18n } = useTranslation()
  if (problems.length === 0) return null
  return (
    <Alert color="red" variant="light" title={t('pageBuilder.editor.problems')} data-testid="editor-problems">
      <List size="sm">
        {problems.slice(0, 8).map((p, i) => {
          const field = p.path.split('.').filter((part) => !/^\d+$/.test(part) && part !== 'settings' && part !== 'blocks' && part !== 'document').pop() ?? p.path
          const fieldLabel = t(`pageBuilder.settings.${field}`, { defaultValue: field })
          const message = translateMessage(p.message, i18n.language)
          const kind = p.blockKind
          return (
            <List.Item key={i}>
              {kind ? t('pageBuilder.editor.problem', { block: t(`pageBuilder.kinds.${kind}`), field: fieldLabel, message }) : t('pageBuilder.editor.pageProblem', { field: fieldLabel, message })}
            </List.Item>
          )
        })}
      </List>
    </Alert>
  )
}

function VersionsDrawer({ page, opened, onClose, onRestored }: { page: PageDetail; opened: boolean; onClose: () => void; onRestored: (page: PageDetail) => void }) {
  const { t, i18n } = useTranslation()
  const { confirm, modal } = useConfirm()
  const [error, setError] = useState<unknown>(null)
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title={t('pageBuilder.editor.versions')} data-testid="versions-drawer">
      <Stack gap="sm">
        {page.versions.length === 0 && <Text c="dimmed">{t('pageBuilder.editor.noVersions')}</Text>}
        {page.versions.map((v) => (
          <Group key={v.number} justify="space-between" wrap="nowrap" data-testid="version-row">
            <Stack gap={0}>
              <Group gap={6}>
                <Text fw={600}>{t('pageBuilder.editor.version', { number: v.number })}</Text>
                {v.number === page.publishedVersion && <Badge size="xs" color="green">{t('pageBuilder.editor.current')}</Badge>}
              </Group>
              <Text size="xs" c="dimmed">{new Date(v.publishedAt).toLocaleString(i18n.language)}</Text>
              {v.restoredFrom !== null && <Text size="xs" c="dimmed">{t('pageBuilder.editor.restoredFrom', { number: v.restoredFrom })}</Text>}
            </Stack>
            {v.number !== page.publishedVersion && (
              <Button size="xs" variant="default" data-testid={`version-restore-${v.number}`}
                onClick={() => confirm({
                  name: t('pageBuilder.editor.version', { number: v.number }), title: `${t('pageBuilder.editor.restore')}: ${t('pageBuilder.editor.version', { number: v.number })}`,
                  text: t('pageBuilder.editor.restoreText', { number: v.number }), confirmLabel: t('pageBuilder.editor.restore'),
                  onConfirm: async () => {
                    try {
                      onRestored(await restoreVersion(page.id, v.number))
                      notifications.show({ color: 'green', autoClose: 3000, message: t('pageBuilder.editor.restored', { number: v.number }) })
                    } catch (caught) {
                      setError(caught)
                    }
                  },
                })}>
                {t('pageBuilder.editor.restore')}
              </Button>
            )}
          </Group>
        ))}
        <FormError error={error} />
      </Stack>
      {modal}
    </Drawer>
  )
}

function Editor({ initial, products, uploads, theme }: { initial: PageDetail; products: SellerProduct[]; uploads: SellerUpload[]; theme: PageTheme | undefined }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [page, setPage] = useState(initial)
  // Puck keeps its own state once mounted: a restore or a reload mounts it again with the new draft.
  const [generation, setGeneration] = useState(0)
  const [problems, setProblems] = useState<DocumentProblem[]>([])
  const [conflict, setConflict] = useState(false)
  const [versionsOpen, setVersionsOpen] = useState(false)
  const [translations, setTranslations] = useState<PageTranslations>(() => translationsOfAnswer(initial.draft))
  const [languageBlocks, setLanguageBlocks] = useState<PageBlock[] | null>(null)
  const pageType = page.pageType as PageType
  const data = useMemo(() => canvasData(products, initial, uploads, theme), [products, initial, uploads, theme])
  // Shown with the feature, or while the page still has CSS (so it can be cleared: a save with CSS needs the feature).
  const customCss = useMe().data?.seller?.features.customCss !== false || Boolean(initial.draft.settings.custom_css)
  const config = useMemo(() => pageEditorConfig({ pageType, data, t, customCss, products: products.map((p) => ({ value: String(p.id), label: p.name })) }), [pageType, data, t, customCss, products])
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the document Puck starts from changes only with a new generation
  const startData = useMemo(() => documentToData(page.draft, pageType), [generation, pageType])
  const metadata = useMemo(() => ({ problemIds: problems.map((p) => p.blockId).filter((id): id is string => id !== null) }), [problems])

  const saved = (next: PageDetail) => {
    setPage(next)
    setTranslations(translationsOfAnswer(next.draft))
    queryClient.setQueryData(pageQuery(next.id).queryKey, next)
    void queryClient.invalidateQueries({ queryKey: [...pagesKey, 'list'] })
  }
  const reload = async () => {
    const fresh = await queryClient.fetchQuery({ ...pageQuery(page.id), staleTime: 0 })
    setPage(fresh)
    setTranslations(translationsOfAnswer(fresh.draft))
    setConflict(false)
    setProblems([])
    setGeneration((g) => g + 1)
  }

  return (
    <Stack gap="xs" className="pages-editor">
      <Group justify="space-between">
        <Button variant="subtle" size="xs" component={Link} to="/cabinet/pages" leftSection={<IconArrowLeft size={14} />}>{t('pageBuilder.editor.back')}</Button>
        <Text size="sm" c="dimmed">{t(`pageBuilder.types.${pageType}`)}{page.publishedVersion !== null ? ` · ${t('pageBuilder.published', { number: page.publishedVersion })}` : ''}</Text>
      </Group>
      {conflict && (
        <Alert color="orange" variant="light" title={t('pageBuilder.editor.conflict')} data-testid="editor-conflict">
          <Button size="xs" onClick={() => void reload()} data-testid="editor-reload">{t('pageBuilder.editor.reload')}</Button>
        </Alert>
      )}
      <Problems problems={problems} />
      <div data-testid="page-editor">
        {/* The storefront's words the blocks on the canvas show (they read them with useTexts()). */}
        <TextsContext.Provider value={canvasTexts}>
          <Puck
            key={generation}
            config={config}
            data={startData}
            metadata={metadata}
            viewports={viewports(t('pageBuilder.editor.fullWidth'))}
            headerTitle={page.name}
            height="calc(100dvh - 150px)"
            overrides={{
              headerActions: () => (
                <HeaderActions page={page} onSaved={saved} onProblems={setProblems} onConflict={() => setConflict(true)} openVersions={() => setVersionsOpen(true)}
                  translations={translations} openLanguages={setLanguageBlocks} />
              ),
            }}
          />
        </TextsContext.Provider>
      </div>
      <PageLanguagesDrawer opened={languageBlocks !== null} onClose={() => setLanguageBlocks(null)} blocks={languageBlocks ?? []} translations={translations} onChange={setTranslations} />
      <VersionsDrawer page={page} opened={versionsOpen} onClose={() => setVersionsOpen(false)}
        onRestored={(next) => { saved(next); setProblems([]); setGeneration((g) => g + 1); setVersionsOpen(false) }} />
    </Stack>
  )
}

const noUploads: SellerUpload[] = []

export function PageEditorPage() {
  const { t } = useTranslation()
  const params = useParams({ strict: false }) as { pageId?: string }
  const id = Number(params.pageId)
  const page = useQuery({ ...pageQuery(id), enabled: Number.isInteger(id) && id > 0 })
  const products = useQuery(sellerProductsQuery())
  const uploads = useQuery(sellerUploadsQuery())
  const pageType = page.data?.pageType as PageType | undefined
  const theme = useQuery({ ...appliedThemeQuery(pageType ? themeKindsFor[pageType] : []), enabled: pageType !== undefined })
  if (page.error) return <FormError error={page.error} />
  if (!page.data || !products.data) return <Group><Loader size="sm" /><Text c="dimmed">{t('pageBuilder.editor.loading')}</Text></Group>
  return <Editor key={page.data.id} initial={page.data} products={products.data.list} uploads={uploads.data?.list ?? noUploads} theme={theme.data} />
}
