import { z } from 'zod'

// Product forms, types and categories (docs/reference/catalogue-and-selling.md §1 and §3). The form decides the editor and the
// delivery; the type is the spec's user-facing word for it; a category is the seller's label for the shop.

export const productForms = ['digital', 'download', 'course', 'membership', 'bundle', 'eventTickets', 'licenseKey', 'certificate'] as const
export type ProductForm = (typeof productForms)[number]

/** docs/reference/catalogue-and-selling.md §1: "course, service (digital), download, membership, event (tickets), certificate, license_key, bundle". */
export const productTypes = ['course', 'service', 'download', 'membership', 'event', 'certificate', 'license_key', 'bundle'] as const
export type ProductType = (typeof productTypes)[number]

export const productCategories = [
  'e_book', 'music_files', 'coaching', 'membership', 'book', 'online_course', 'online_course_live', 'event', 'certificate', 'license_code',
] as const
export type ProductCategory = (typeof productCategories)[number]

/** The spec's type of each form: a digital product is a service, event tickets an event. */
export const productTypeOfForm = Object.freeze({
  digital: 'service',
  download: 'download',
  course: 'course',
  membership: 'membership',
  bundle: 'bundle',
  eventTickets: 'event',
  licenseKey: 'license_key',
  certificate: 'certificate',
} as const satisfies Record<ProductForm, ProductType>)

const formOfType: ReadonlyMap<string, ProductForm> = new Map(productForms.map((form) => [productTypeOfForm[form], form]))

/** The form of a spec type ("service" -> "digital"), e.g. for the productType list filter. */
export function productFormOfType(type: string): ProductForm | undefined {
  return formOfType.get(type)
}

export function isProductForm(value: unknown): value is ProductForm {
  return typeof value === 'string' && (productForms as readonly string[]).includes(value)
}

const keyOr = (other: string) => (issue: { input: unknown }) => (issue.input === undefined ? 'required' : other)
export const zProductForm = z.enum(productForms, { error: keyOr('invalid_value') })
export const zProductType = z.enum(productTypes, { error: keyOr('invalid_value') })
export const zProductCategory = z.enum(productCategories, { error: keyOr('invalid_value') })
