import type { CoverCropInput } from '../../../../shared/schemas/media'

// The crop rectangle of a cover, in the image's own pixels. A 16:9 crop is 16k x 9k and a square k x k,
// so the ratio is always exact; the box is kept inside the image.

export type CropRatio = CoverCropInput['ratio']
export type Crop = { ratio: CropRatio; x: number; y: number; width: number; height: number }

const unit = (ratio: CropRatio): [number, number] => (ratio === '1' ? [1, 1] : [16, 9])

/** The largest k whose box fits the image. */
function maxScale(ratio: CropRatio, imageWidth: number, imageHeight: number): number {
  const [w, h] = unit(ratio)
  return Math.max(1, Math.min(Math.floor(imageWidth / w), Math.floor(imageHeight / h)))
}

/** A box of scale k at (x, y), moved and shrunk as needed to fit the image. */
export function fitCrop(ratio: CropRatio, scale: number, x: number, y: number, imageWidth: number, imageHeight: number): Crop {
  const [w, h] = unit(ratio)
  const k = Math.min(Math.max(1, Math.round(scale)), maxScale(ratio, imageWidth, imageHeight))
  const width = w * k
  const height = h * k
  const cx = Math.min(Math.max(0, Math.round(x)), Math.max(0, imageWidth - width))
  const cy = Math.min(Math.max(0, Math.round(y)), Math.max(0, imageHeight - height))
  return { ratio, x: cx, y: cy, width, height }
}

/** The largest centred box of the ratio. */
export function initialCrop(ratio: CropRatio, imageWidth: number, imageHeight: number): Crop {
  const [w, h] = unit(ratio)
  const k = maxScale(ratio, imageWidth, imageHeight)
  return fitCrop(ratio, k, (imageWidth - w * k) / 2, (imageHeight - h * k) / 2, imageWidth, imageHeight)
}

/** The same box with a new width (the height follows the ratio), keeping its top-left corner where it fits. */
export function withWidth(crop: Crop, width: number, imageWidth: number, imageHeight: number): Crop {
  return fitCrop(crop.ratio, width / unit(crop.ratio)[0], crop.x, crop.y, imageWidth, imageHeight)
}

/** The box moved by (dx, dy) image pixels, kept inside the image. */
export function movedBy(crop: Crop, dx: number, dy: number, imageWidth: number, imageHeight: number): Crop {
  return fitCrop(crop.ratio, crop.width / unit(crop.ratio)[0], crop.x + dx, crop.y + dy, imageWidth, imageHeight)
}
