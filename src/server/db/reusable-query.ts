// Moved to ./fast-path (the one entry point of the database's fast path); kept so that imports of the old
// path go on working while modules move.
export { param, reusableQuery, type ReusableQuery } from './fast-path'
