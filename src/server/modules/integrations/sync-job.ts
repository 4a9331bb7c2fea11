// The name of the job that pushes one buyer to one mail-marketing list: shared by the integrations service,
// which enqueues it, and the double opt-in, which releases held syncs as jobs (docs/decisions/0084-custom-smtp-and-double-opt-in.md).
export const syncJob = 'integrations.sync'
