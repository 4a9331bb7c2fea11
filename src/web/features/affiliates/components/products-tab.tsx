import { Select, Stack, Table, Text } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { LoadingMask } from '../../../components/loading-mask'
import { affiliatesKey, allProgramsQuery, productNamesQuery, setProductProgram } from '../api/affiliates'

// The products tab: each of the seller's products with the program it is in (a product is in at most one,
// docs/decisions/0048-affiliates.md), and a choice that moves it into another program or out of any.

/** Product id -> the program it is in, from the programs' product lists. */
export function programOfProducts(programs: readonly { id: number; products: readonly { id: number }[] }[]): Map<number, number> {
  const map = new Map<number, number>()
  for (const program of programs) for (const product of program.products) map.set(product.id, program.id)
  return map
}

export function ProductsTab() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const products = useQuery(productNamesQuery())
  const programs = useQuery(allProgramsQuery())
  const move = useMutation({
    mutationFn: ({ productId, programId }: { productId: number; programId: number | null }) => setProductProgram(productId, programId),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: affiliatesKey }),
  })
  const inProgram = programOfProducts(programs.data?.list ?? [])
  const options = (programs.data?.list ?? []).map((p) => ({ value: String(p.id), label: p.name }))
  const rows = products.data?.list ?? []
  return (
    <LoadingMask visible={products.isPending || programs.isPending}>
      <Stack gap="sm" data-testid="affiliate-products">
        <Text size="sm" c="dimmed">{t('affiliates.products.text')}</Text>
        <Table.ScrollContainer minWidth={480}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr><Table.Th>{t('affiliates.products.product')}</Table.Th><Table.Th>{t('affiliates.products.program')}</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((product) => {
                const current = inProgram.get(product.id)
                const pending = move.isPending && move.variables?.productId === product.id
                return (
                  <Table.Tr key={product.id} data-testid={`affiliate-product-${product.id}`}>
                    <Table.Td>{product.name}</Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={t('affiliates.products.moveTo', { product: product.name })} placeholder={t('affiliates.products.none')} clearable
                        data={options} value={current ? String(current) : null} disabled={pending} w={280}
                        onChange={(value) => move.mutate({ productId: product.id, programId: value ? Number(value) : null })}
                        data-testid={`affiliate-product-program-${product.id}`}
                      />
                    </Table.Td>
                  </Table.Tr>
                )
              })}
              {rows.length === 0 && !products.isPending && (
                <Table.Tr><Table.Td colSpan={2}><Text c="dimmed" ta="center" py="lg">{t('affiliates.products.empty')}</Text></Table.Td></Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </LoadingMask>
  )
}
