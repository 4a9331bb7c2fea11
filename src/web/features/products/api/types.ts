import type { z } from 'zod'
import type {
  addLicenseKeysOutput, licenseKeyOutput, productOutput, pricingPlanOutput, ticketOutput,
} from '../../../../shared/schemas/catalog'
import type { Camelize } from '../../../lib/api-client'

// The camelCase views of the catalogue answers (src/shared/schemas/catalog.ts).
export type Product = Camelize<z.output<typeof productOutput>>
export type PricingPlan = Camelize<z.output<typeof pricingPlanOutput>>
export type Ticket = Camelize<z.output<typeof ticketOutput>>
export type LicenseKey = Camelize<z.output<typeof licenseKeyOutput>>
export type AddLicenseKeysAnswer = Camelize<z.output<typeof addLicenseKeysOutput>>
export type ListAnswer<T> = { list: T[]; totalCount: number; totalCountMax: number }

export const productsKey = ['cabinet', 'products'] as const
export const productKey = (id: number) => ['cabinet', 'products', 'item', id] as const
