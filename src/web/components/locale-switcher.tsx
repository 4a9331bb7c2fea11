import { Button, Menu, ScrollArea } from '@mantine/core'
import { IconCheck, IconLanguage } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { languageNames, locales, type Locale } from '../lib/locale'
import { currentLocale, setLocale } from '../i18n'

// The language menu in every header. The choice is kept in localStorage and sent to the API.
export function LocaleSwitcher({ onChange }: { onChange?: (locale: Locale) => void }) {
  const { t, i18n } = useTranslation()
  const active = currentLocale()
  return (
    <Menu position="bottom-end" shadow="md" width={220} key={i18n.language}>
      <Menu.Target>
        <Button variant="subtle" color="gray" leftSection={<IconLanguage size={18} aria-hidden />} aria-label={t('locale.choose')} data-testid="locale-switcher">
          {languageNames[active]}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('locale.label')}</Menu.Label>
        <ScrollArea.Autosize mah={320} type="auto">
          {locales.map((locale) => (
            <Menu.Item
              key={locale}
              lang={locale.replace('_', '-')}
              rightSection={locale === active ? <IconCheck size={16} aria-hidden /> : null}
              onClick={() => {
                void setLocale(locale)
                onChange?.(locale)
              }}
              data-testid={`locale-${locale}`}
            >
              {languageNames[locale]}
            </Menu.Item>
          ))}
        </ScrollArea.Autosize>
      </Menu.Dropdown>
    </Menu>
  )
}
