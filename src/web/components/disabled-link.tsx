import { Anchor, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

// docs/reference/catalogue-and-selling.md §4: a disabled link ignores clicks and leaves the tab order.
export type DisabledLinkProps = { to: string; disabled?: boolean; children: ReactNode; 'data-testid'?: string }

export function DisabledLink({ to, disabled = false, children, ...rest }: DisabledLinkProps) {
  if (disabled) {
    return (
      <Text
        component="a"
        c="dimmed"
        inherit
        role="link"
        aria-disabled="true"
        tabIndex={-1}
        style={{ cursor: 'not-allowed', textDecoration: 'none' }}
        onClick={(event) => event.preventDefault()}
        data-testid={rest['data-testid']}
      >
        {children}
      </Text>
    )
  }
  return (
    <Anchor component={Link} to={to} data-testid={rest['data-testid']}>
      {children}
    </Anchor>
  )
}
