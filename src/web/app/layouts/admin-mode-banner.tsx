import { Button, Group, Paper, Text } from '@mantine/core'
import { IconUserShare } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../../lib/api'
import { useMe } from '../../lib/session'

// While a manager acts as a user (admin mode, docs/decisions/0056-managers-admin-mode.md) every page of the
// web app says so, above everything else, with the way out: ending clears the admin_access_token cookie on
// the server and returns to /admin with a full page load (nothing of the user's screens stays cached).

export function AdminModeBanner() {
  const { t } = useTranslation()
  const me = useMe().data
  const [ending, setEnding] = useState(false)
  if (!me?.adminMode) return null
  const end = async () => {
    setEnding(true)
    try {
      await api.delete('/app/admin_mode', { exempt: true, silent: true })
    } finally {
      window.location.assign('/admin')
    }
  }
  return (
    <>
      <Paper
        role="status" radius={0} px="md" py={6} bg="orange.7" c="white" data-testid="admin-mode-banner"
        style={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 1000 }}
      >
        <Group justify="center" gap="sm" wrap="wrap">
          <IconUserShare size={18} aria-hidden />
          <Text size="sm" fw={600}>
            {t('adminMode.banner', { name: `${me.firstName} ${me.lastName}`, email: me.email, manager: me.adminMode.managerName })}
          </Text>
          <Button size="compact-sm" variant="white" color="orange" onClick={() => void end()} loading={ending} data-testid="end-admin-mode">
            {t('adminMode.end')}
          </Button>
        </Group>
      </Paper>
      {/* room for the banner below the page's last line */}
      <div style={{ height: 44 }} aria-hidden />
    </>
  )
}
