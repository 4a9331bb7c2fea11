// Payment methods and providers (spec 000 section 3, SPEC-NOTES 27).
export * from './methods'
export * from './refundable'
