// Paths of the pages a buyer opens, built the same way by every module that links to them (the delivery
// mail, the payer area, the course reports).

/** The course player's page of a seller's course. */
export function courseAccessUrl(sellerUsername: string, productSlug: string): string {
  return `/s/${encodeURIComponent(sellerUsername)}/courses/${encodeURIComponent(productSlug)}`
}
