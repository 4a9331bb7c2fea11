import type { FunnelsPort } from '../../ports/funnels'
import { funnelBrief } from './funnels.service'

// The funnels module's answers to the order store (ports/funnels.ts), wired in bootstrap.ts.

export const funnelsPort: FunnelsPort = { funnelBrief }
