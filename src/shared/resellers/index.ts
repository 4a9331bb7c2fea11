export * from './resellers'
