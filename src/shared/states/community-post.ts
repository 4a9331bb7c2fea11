import type { Transitions } from './transitions'

// A post in a membership's community (modules/community, docs/decisions/0083-community.md). pending: written
// in a community whose seller reviews new posts, waiting for the seller; published: members read it (at once
// where the seller does not review); rejected: the seller refused it (only its author still sees it); hidden:
// the seller took a published post out of sight (and may show it again). Deleting removes the row.

export const communityPostStates = ['pending', 'published', 'rejected', 'hidden'] as const
export type CommunityPostState = (typeof communityPostStates)[number]

export const communityPostTransitions = {
  pending: ['published', 'rejected'],
  published: ['hidden'],
  rejected: ['published'],
  hidden: ['published'],
} as const satisfies Transitions<CommunityPostState>

/** A comment appears at once; the seller may hide it and show it again. */
export const communityCommentStates = ['published', 'hidden'] as const
export type CommunityCommentState = (typeof communityCommentStates)[number]

export const communityCommentTransitions = {
  published: ['hidden'],
  hidden: ['published'],
} as const satisfies Transitions<CommunityCommentState>
