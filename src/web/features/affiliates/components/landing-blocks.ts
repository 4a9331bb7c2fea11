import { zLandingBlock } from '../../../../shared/schemas/affiliates'

// The landing page's blocks (the affiliate page type) as the editor keeps them: kind, and the few text props
// each kind offers.

export const landingBlockKinds = zLandingBlock.shape.kind.options
export type LandingBlockKind = (typeof landingBlockKinds)[number]
export type LandingBlock = { kind: LandingBlockKind; props: Record<string, unknown> }

/** The props each kind offers in the editor (title, text, image url, button text). */
export const propsOfKind: Record<LandingBlockKind, ('title' | 'text' | 'imageUrl' | 'buttonText')[]> = {
  header: ['title', 'text'],
  banner: ['title', 'text', 'imageUrl'],
  text: ['title', 'text'],
  picture: ['imageUrl', 'text'],
  video: ['title', 'imageUrl'],
  button: ['buttonText'],
  testimonials: ['title', 'text'],
  affiliate: ['title', 'text', 'buttonText'],
  gap: [],
  footer: ['text'],
}

/** Moves the block at `index` by `by` places (inside the list). */
export function moveBlock<T>(blocks: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by
  if (target < 0 || target >= blocks.length) return [...blocks]
  const next = [...blocks]
  const [block] = next.splice(index, 1)
  next.splice(target, 0, block!)
  return next
}
