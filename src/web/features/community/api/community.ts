import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type {
  CabinetCommunityPostOutput, CommunityCommentOutput, CommunityPostAction, CommunityPostOutput, CommunitySettingsOutput, PayerCommunityOutput,
} from '../../../../shared/schemas/community'
import type { CommunityPostState } from '../../../../shared/states/community-post'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

// A membership's community (docs/decisions/0083-community.md): the members' calls (/payer/communities) and the
// seller's (/cabinet/community, behind the community flag).

export type CommunityPost = Camelize<CommunityPostOutput>
export type CommunityComment = Camelize<CommunityCommentOutput>
export type CabinetCommunityPost = Camelize<CabinetCommunityPostOutput>
export type CommunitySettings = Camelize<CommunitySettingsOutput>
export type PayerCommunity = Camelize<PayerCommunityOutput>

export const communityKey = ['community'] as const

// ------------------------------------------------------------------ members

export function memberPostsQuery(productId: number, page: number) {
  return queryOptions({
    queryKey: [...communityKey, 'member', productId, page],
    queryFn: ({ signal }) => api.get<{ community: PayerCommunity; list: CommunityPost[]; totalCount: number }>(`/payer/communities/${productId}/posts`, {
      signal, silent: true, query: { page, per: 20 },
    }),
    placeholderData: keepPreviousData,
  })
}

export function createPost(productId: number, body: string): Promise<{ post: CommunityPost }> {
  return api.post(`/payer/communities/${productId}/posts`, { body }, { silent: true })
}

export function createComment(productId: number, postId: number, body: string): Promise<{ comment: CommunityComment }> {
  return api.post(`/payer/communities/${productId}/posts/${postId}/comments`, { body }, { silent: true })
}

// ------------------------------------------------------------------ the seller

export function communitiesQuery() {
  return queryOptions({
    queryKey: [...communityKey, 'cabinet', 'settings'],
    queryFn: ({ signal }) => api.get<{ list: CommunitySettings[]; pendingCount: number }>('/cabinet/community', { signal }),
  })
}

export function updateCommunity(productId: number, input: { enabled: boolean; reviewPosts: boolean }): Promise<{ community: CommunitySettings }> {
  return api.put(`/cabinet/community/${productId}`, { enabled: input.enabled, review_posts: input.reviewPosts })
}

export function cabinetPostsQuery(filter: { state: CommunityPostState | 'all'; productId: number | null; page: number }) {
  return queryOptions({
    queryKey: [...communityKey, 'cabinet', 'posts', filter],
    queryFn: ({ signal }) => api.get<{ list: CabinetCommunityPost[]; totalCount: number; counts?: Record<string, number> }>('/cabinet/community/posts', {
      signal,
      query: { page: filter.page, per: 20, counts: true, ...(filter.state === 'all' ? {} : { state: filter.state }), ...(filter.productId ? { productId: filter.productId } : {}) },
    }),
    placeholderData: keepPreviousData,
  })
}

export function moderatePost(id: number, action: CommunityPostAction): Promise<{ post: CabinetCommunityPost }> {
  return api.post(`/cabinet/community/posts/${id}/moderate`, { action })
}

export async function deletePost(id: number): Promise<void> {
  await api.delete(`/cabinet/community/posts/${id}`)
}

export function moderateComment(id: number, action: 'hide' | 'show'): Promise<{ comment: CommunityComment }> {
  return api.post(`/cabinet/community/comments/${id}/moderate`, { action })
}

export async function deleteComment(id: number): Promise<void> {
  await api.delete(`/cabinet/community/comments/${id}`)
}
