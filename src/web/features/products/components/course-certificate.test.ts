import { describe, expect, test } from 'vitest'
import { wizardSteps } from '../../../../shared/catalog/wizard'
import { certificateIssueOptions, courseCertificateStatus } from './course-certificate'

describe('course certificate section', () => {
  test('a course may issue on completion or on purchase; a certificate product only on purchase', () => {
    expect(certificateIssueOptions('course')).toEqual(['purchase', 'course_completion'])
    expect(certificateIssueOptions('certificate')).toEqual(['purchase'])
  })

  test('a course has no certificate until a design is saved; then it says when it is issued', () => {
    expect(courseCertificateStatus({ saved: false, issueOn: 'course_completion' })).toBe('none')
    expect(courseCertificateStatus({ saved: true, issueOn: 'course_completion' })).toBe('course_completion')
    expect(courseCertificateStatus({ saved: true, issueOn: 'purchase' })).toBe('purchase')
  })

  test('the certificate adds no wizard step: a course keeps the spec\'s seven steps (the section is part of content)', () => {
    expect(wizardSteps('course')).toEqual(['product_details', 'content', 'checkout', 'market_upsell', 'delivery', 'pages', 'advanced'])
  })
})
