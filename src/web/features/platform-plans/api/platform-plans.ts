import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type {
  BillingCycle, platformPlanOutput, PlatformPlanPurpose, platformSubscriptionOutput, promoOutput, sellerPlanPageOutput, subscribePlatformPlanOutput,
} from '../../../../shared/schemas/platform-plans'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

// The platform's own plans (docs/decisions/0055-platform-plans.md): the seller's plans page (/cabinet/plans),
// the promo pages (/elopage_promos/:token, /ablefy_promos/:token) and the managers' page (/admin/platform_plans).

export type PlatformPlan = Camelize<z.infer<typeof platformPlanOutput>>
export type PlatformSubscription = Camelize<z.infer<typeof platformSubscriptionOutput>>
export type SellerPlanPage = Camelize<z.infer<typeof sellerPlanPageOutput>>
export type Promo = Camelize<z.infer<typeof promoOutput>>
type Subscribed = Camelize<z.infer<typeof subscribePlatformPlanOutput>>
type List<T> = { list: T[]; totalCount: number; totalCountMax: number }

export const platformPlansKey = ['platform-plans'] as const

export function sellerPlanQuery() {
  return queryOptions({ queryKey: [...platformPlansKey, 'cabinet'], queryFn: ({ signal }) => api.get<SellerPlanPage>('/cabinet/platform_plan', { signal }) })
}

export function subscribePlan(input: { planId?: number; billingCycle?: BillingCycle; promoToken?: string }) {
  return api.post<Subscribed>('/cabinet/platform_plan/subscriptions', { ...input, termsAccepted: true })
}

export function cancelPlan() {
  return api.post<PlatformSubscription>('/cabinet/platform_plan/cancel', {})
}

export function promoQuery(token: string) {
  return queryOptions({ queryKey: [...platformPlansKey, 'promo', token], queryFn: ({ signal }) => api.get<Promo>(`/common/platform_promos/${encodeURIComponent(token)}`, { signal, silent: true }), retry: false })
}

export function adminPlansQuery(purpose: PlatformPlanPurpose | null) {
  return queryOptions({
    queryKey: [...platformPlansKey, 'admin', purpose],
    queryFn: ({ signal }) => api.get<List<PlatformPlan>>('/admin/platform_plans', { signal, query: { per: 200, ...(purpose ? { purpose } : {}) } }),
    placeholderData: keepPreviousData,
  })
}

export function adminPromosQuery() {
  return queryOptions({ queryKey: [...platformPlansKey, 'promos'], queryFn: ({ signal }) => api.get<List<Promo>>('/admin/platform_promos', { signal, query: { per: 200 } }) })
}

export type PlanDraft = {
  name: string; description?: string | null; purpose: PlatformPlanPurpose; features: Record<string, boolean>; trialDays?: number | null
  prices: { billingCycle: BillingCycle; amount: number; currency: string }[]
}
export function createPlan(input: PlanDraft) {
  return api.post<PlatformPlan>('/admin/platform_plans', input)
}

export function archivePlan(id: number, archived: boolean) {
  return api.patch<PlatformPlan>(`/admin/platform_plans/${id}`, { archived })
}

export function createPromo(input: { planId: number; billingCycle: BillingCycle; specialAmount?: number; freeMonths?: number; expiresAt?: string; maxUses?: number }) {
  return api.post<Promo>('/admin/platform_promos', input)
}
