import type { Transitions } from './transitions'

// A seller's team member (docs/decisions/0053-team-members.md). invited: the mail is out, nobody works yet;
// active: the invitee accepted and acts for the seller with the permissions given; declined: the invitee
// said no; removed: the seller ended the invitation or the work (access ends at once). Inviting the same
// email again starts a new team member, so declined and removed are terminal.

export const teamMemberStates = ['invited', 'active', 'declined', 'removed'] as const
export type TeamMemberState = (typeof teamMemberStates)[number]

export const teamMemberTransitions = {
  invited: ['active', 'declined', 'removed'],
  active: ['removed'],
  declined: [],
  removed: [],
} as const satisfies Transitions<TeamMemberState>
