import { Affix, Button, Checkbox, Collapse, Group, Paper, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { consentCategoriesQuery } from '../api/consent-categories'
import { isAccepted, serializeConsent } from '../consent'
import { saveConsent, useConsentState } from '../consent-store'

// Asks once which cookie categories the visitor accepts; the footer's "Cookie settings" reopens it.
// When the categories cannot be loaded the banner stays away rather than ask a question it cannot store.
export function CookieConsentBanner() {
  const { t } = useTranslation()
  const { consent, settingsOpen } = useConsentState()
  const visible = consent === null || settingsOpen
  const categories = useQuery({ ...consentCategoriesQuery(), enabled: visible })
  const [choosing, setChoosing] = useState(false)
  const [chosen, setChosen] = useState<string[]>([])

  const list = useMemo(() => categories.data?.list ?? [], [categories.data])
  useEffect(() => {
    if (list.length > 0) setChosen(list.filter((c) => isAccepted(consent, c)).map((c) => String(c.id)))
  }, [list, consent])
  useEffect(() => {
    if (settingsOpen) setChoosing(true)
  }, [settingsOpen])

  if (!visible || list.length === 0) return null

  return (
    <Affix position={{ bottom: 16, left: 16, right: 16 }} zIndex={300}>
      <Paper withBorder shadow="lg" p="md" radius="md" maw={720} mx="auto" role="dialog" aria-label={t('cookies.title')} data-testid="cookie-banner">
        <Stack gap="sm">
          <Text fw={600}>{t('cookies.title')}</Text>
          <Text size="sm">{t('cookies.text')}</Text>
          <Collapse expanded={choosing}>
            <Stack gap="xs" py="xs">
              {list.map((category) => (
                <Checkbox
                  key={category.id}
                  label={category.name}
                  description={category.description}
                  checked={category.required || chosen.includes(String(category.id))}
                  disabled={category.required}
                  onChange={(event) => {
                    const id = String(category.id)
                    const on = event.currentTarget.checked
                    setChosen((prev) => (on ? [...prev, id] : prev.filter((x) => x !== id)))
                  }}
                />
              ))}
            </Stack>
          </Collapse>
          <Group justify="flex-end" gap="xs">
            {choosing ? (
              <Button variant="default" onClick={() => saveConsent(serializeConsent(chosen, list))}>{t('cookies.saveChoice')}</Button>
            ) : (
              <Button variant="subtle" onClick={() => setChoosing(true)}>{t('cookies.choose')}</Button>
            )}
            <Button variant="default" onClick={() => saveConsent(serializeConsent([], list))}>{t('cookies.necessaryOnly')}</Button>
            <Button onClick={() => saveConsent('all')}>{t('cookies.acceptAll')}</Button>
          </Group>
        </Stack>
      </Paper>
    </Affix>
  )
}
