import { describe, expect, test } from 'vitest'
import { coverCropInput } from '../../../../shared/schemas/media'
import { fitCrop, initialCrop, movedBy, withWidth } from './cover-crop'

describe('cover crop box', () => {
  test('the initial box is the largest centred box of the ratio and passes the shared schema', () => {
    const wide = initialCrop('16:9', 1000, 1000)
    expect(wide).toEqual({ ratio: '16:9', x: 4, y: 221, width: 992, height: 558 })
    expect(coverCropInput.safeParse(wide).success).toBe(true)
    expect(initialCrop('1', 800, 600)).toEqual({ ratio: '1', x: 100, y: 0, width: 600, height: 600 })
  })

  test('a box never leaves the image and keeps its ratio when moved or resized', () => {
    const crop = initialCrop('16:9', 1600, 1200)
    expect(movedBy(crop, 5000, -5000, 1600, 1200)).toMatchObject({ x: 0, y: 0, width: 1600, height: 900 })
    const small = withWidth(crop, 330, 1600, 1200)
    expect(small.width * 9).toBe(small.height * 16)
    expect(movedBy(small, 10_000, 10_000, 1600, 1200)).toMatchObject({ x: 1600 - small.width, y: 1200 - small.height })
    expect(fitCrop('1', 0, 0, 0, 10, 10)).toMatchObject({ width: 1, height: 1 })
  })
})
