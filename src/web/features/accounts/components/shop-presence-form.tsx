import { Avatar, BackgroundImage, Box, Button, Checkbox, FileButton, Group, MultiSelect, Select, Stack, Text, Textarea } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { sellerBioMaxLength, type ProfileImageSlot, type SellerProfileOutput } from '../../../../shared/schemas/seller-profile'
import { currencyIds } from '../../../../shared/money/currencies'
import { removeProfileImage, savePayerCurrencies, saveSellerBio, saveShopLanguages, sellerProfileKey, sellerProfileQuery, uploadProfileImage } from '../api/seller-profile'
import { FeatureOff } from '../../../components/feature-off'
import { useFeature } from '../../../lib/features'
import { languageNames, locales, type Locale } from '../../../lib/locale'

// The shop header's avatar, banner and bio (docs/decisions/0046-seller-presence.md): each image is uploaded,
// replaced or removed on its own and shown as the shop page shows it; the bio is saved with its button.

const accept = 'image/png,image/jpeg,image/webp,image/gif,image/avif'

function ImageControls({ slot, profile }: { slot: ProfileImageSlot; profile: SellerProfileOutput }) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const present = slot === 'avatar' ? profile.avatar : profile.banner
  const upload = useMutation({
    mutationFn: (file: File) => uploadProfileImage(slot, file),
    onSuccess: (answer) => client.setQueryData(sellerProfileKey, answer),
  })
  const remove = useMutation({
    mutationFn: () => removeProfileImage(slot),
    onSuccess: () => client.setQueryData<SellerProfileOutput>(sellerProfileKey, (old) => (old ? { ...old, [slot]: null } : old)),
  })
  return (
    <Group gap="xs">
      <FileButton onChange={(file) => { if (file) upload.mutate(file) }} accept={accept}>
        {(props) => (
          <Button {...props} variant="default" size="xs" loading={upload.isPending} data-testid={`presence-${slot}-upload`}>
            {present ? t(`presence.${slot}Replace`) : t(`presence.${slot}Upload`)}
          </Button>
        )}
      </FileButton>
      {present && (
        <Button variant="subtle" color="red" size="xs" loading={remove.isPending} onClick={() => remove.mutate()} data-testid={`presence-${slot}-remove`}>
          {t('presence.remove')}
        </Button>
      )}
    </Group>
  )
}

function BioField({ profile }: { profile: SellerProfileOutput }) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const [bio, setBio] = useState(profile.bio ?? '')
  useEffect(() => { setBio(profile.bio ?? '') }, [profile.bio])
  const save = useMutation({
    mutationFn: () => saveSellerBio(profile, bio.trim()),
    onSuccess: (answer) => {
      client.setQueryData(sellerProfileKey, answer)
      notifications.show({ color: 'teal', message: t('settings.saved'), autoClose: 4000 })
    },
  })
  const tooLong = bio.trim().length > sellerBioMaxLength
  return (
    <Stack gap={4}>
      <Textarea
        label={t('presence.bio')} description={t('presence.bioHint')} value={bio} onChange={(e) => setBio(e.currentTarget.value)}
        autosize minRows={3} maxRows={8} error={tooLong ? t('presence.bioTooLong', { max: sellerBioMaxLength }) : undefined} data-testid="presence-bio"
      />
      <Group justify="space-between">
        <Text size="xs" c={tooLong ? 'red' : 'dimmed'} data-testid="presence-bio-count">{t('presence.bioCount', { length: bio.trim().length, max: sellerBioMaxLength })}</Text>
        <Button size="xs" onClick={() => save.mutate()} loading={save.isPending} disabled={tooLong || bio.trim() === (profile.bio ?? '')} data-testid="presence-bio-save">
          {t('presence.bioSave')}
        </Button>
      </Group>
    </Stack>
  )
}

/**
 * The languages the shop offers (docs/decisions/0094-storefront-languages.md): every one, or a chosen few with a
 * default. A payer reads the shop, the checkout and the mails in their language when offered, else the default.
 */
function ShopLanguagesField({ profile }: { profile: SellerProfileOutput }) {
  const { t, i18n } = useTranslation()
  const client = useQueryClient()
  const stored = profile.shop_languages ?? null
  const [all, setAll] = useState(stored === null)
  const [chosen, setChosen] = useState<string[]>(stored ?? [i18n.language])
  const [fallback, setFallback] = useState<string>(stored?.[0] ?? i18n.language)
  const options = locales.map((code) => ({ value: code, label: languageNames[code as Locale] }))
  const list = all ? null : [fallback, ...chosen.filter((code) => code !== fallback)]
  const save = useMutation({
    mutationFn: () => saveShopLanguages(profile, list),
    onSuccess: (answer) => {
      client.setQueryData(sellerProfileKey, answer)
      notifications.show({ color: 'teal', message: t('settings.saved'), autoClose: 4000 })
    },
  })
  const unchanged = (list === null && stored === null) || (list !== null && stored !== null && list.join() === stored.join())
  return (
    <Stack gap={6} data-testid="shop-languages">
      <Text size="sm" fw={500}>{t('presence.languages')}</Text>
      <Text size="xs" c="dimmed">{t('presence.languagesHint')}</Text>
      <Checkbox label={t('presence.languagesAll')} checked={all} onChange={(e) => setAll(e.currentTarget.checked)} data-testid="shop-languages-all" />
      {!all && (
        <>
          <MultiSelect
            label={t('presence.languagesChoose')} data={options} value={chosen} searchable
            onChange={(value) => { setChosen(value); if (value.length > 0 && !value.includes(fallback)) setFallback(value[0]!) }}
            data-testid="shop-languages-chosen"
          />
          <Select
            label={t('presence.defaultLanguage')} data={options.filter((o) => chosen.includes(o.value))} value={fallback} allowDeselect={false}
            onChange={(value) => { if (value) setFallback(value) }} data-testid="shop-languages-default"
          />
        </>
      )}
      <Group justify="flex-end">
        <Button size="xs" onClick={() => save.mutate()} loading={save.isPending} disabled={unchanged || (!all && chosen.length === 0)} data-testid="shop-languages-save">
          {t('presence.languagesSave')}
        </Button>
      </Group>
    </Stack>
  )
}

/**
 * The currencies payers may pay in besides the plans' own (docs/decisions/0097-payer-currencies.md): the shop shows a
 * currency choice, and a price is converted at the rate of the day, fixed on the order. Behind multicurrency.
 */
function PayerCurrenciesField({ profile }: { profile: SellerProfileOutput }) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const multicurrency = useFeature('multicurrency')
  const stored = profile.payer_currencies ?? []
  const [chosen, setChosen] = useState<string[]>(stored)
  const save = useMutation({
    mutationFn: () => savePayerCurrencies(profile, chosen),
    onSuccess: (answer) => {
      client.setQueryData(sellerProfileKey, answer)
      notifications.show({ color: 'teal', message: t('settings.saved'), autoClose: 4000 })
    },
  })
  const options = currencyIds.map((id) => ({ value: id, label: id.toUpperCase() }))
  return (
    <Stack gap={6} data-testid="payer-currencies">
      <Text size="sm" fw={500}>{t('presence.payerCurrencies')}</Text>
      <Text size="xs" c="dimmed">{t('presence.payerCurrenciesHint')}</Text>
      {multicurrency.enabled ? (
        <>
          <MultiSelect data={options} value={chosen} onChange={setChosen} searchable clearable aria-label={t('presence.payerCurrencies')} data-testid="payer-currencies-chosen" />
          <Group justify="flex-end">
            <Button size="xs" onClick={() => save.mutate()} loading={save.isPending} disabled={chosen.join() === stored.join()} data-testid="payer-currencies-save">
              {t('presence.payerCurrenciesSave')}
            </Button>
          </Group>
        </>
      ) : <FeatureOff flag="multicurrency" compact />}
    </Stack>
  )
}

export function ShopPresenceForm({ sellerName }: { sellerName: string }) {
  const { t } = useTranslation()
  const query = useQuery(sellerProfileQuery())
  const profile = query.data
  if (!profile) return null
  const initials = sellerName.trim().slice(0, 2).toUpperCase()
  return (
    <Stack gap="md" data-testid="shop-presence">
      <Stack gap={6}>
        <Text size="sm" fw={500}>{t('presence.banner')}</Text>
        <BackgroundImage
          src={profile.banner?.variants.s640 ?? ''} radius="md" h={120}
          style={profile.banner ? undefined : { background: 'linear-gradient(120deg, var(--mantine-color-blue-8), var(--mantine-color-cyan-4))' }}
          role={profile.banner ? 'img' : undefined} aria-label={profile.banner ? t('presence.bannerPreview') : undefined} data-testid="presence-banner-preview"
        >
          <Box h={120} />
        </BackgroundImage>
        <Text size="xs" c="dimmed">{t('presence.bannerHint')}</Text>
        <ImageControls slot="banner" profile={profile} />
      </Stack>
      <Group gap="md" align="center">
        <Avatar src={profile.avatar?.variants.s300 ?? null} alt={t('presence.avatarPreview')} size={72} radius="xl" data-testid="presence-avatar-preview">{initials}</Avatar>
        <Stack gap={6}>
          <Text size="sm" fw={500}>{t('presence.avatar')}</Text>
          <Text size="xs" c="dimmed">{t('presence.avatarHint')}</Text>
          <ImageControls slot="avatar" profile={profile} />
        </Stack>
      </Group>
      <BioField profile={profile} />
      {/* Saved languages from the server start the field afresh. */}
      <ShopLanguagesField key={profile.shop_languages?.join() ?? 'all'} profile={profile} />
      <PayerCurrenciesField key={profile.payer_currencies?.join() ?? ''} profile={profile} />
    </Stack>
  )
}
