import { certificateTriggers, type CertificateTrigger } from '../../../../shared/schemas/certificates'
import type { ProductForm } from '../../../../shared/catalog/product-forms'

// Certificates of a course (docs/decisions/0020-issued-certificates-licenses-downloads.md and 0025): a course has one only once its seller saved a
// design, issued on course completion by default; a certificate product is always issued on purchase.

/** The "issue the certificate" choices of a form: a certificate product has no course to complete. */
export function certificateIssueOptions(form: ProductForm): readonly CertificateTrigger[] {
  return certificateTriggers.filter((trigger) => form === 'course' || trigger === 'purchase')
}

/** What the course's certificate section says: none before a design is saved, else when it is issued. */
export function courseCertificateStatus(design: { saved: boolean; issueOn: CertificateTrigger }): 'none' | CertificateTrigger {
  return design.saved ? design.issueOn : 'none'
}
