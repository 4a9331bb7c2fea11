import type { OrderDeliveryPort } from '../../ports/order-delivery'
import { deliverInPayment } from './delivery.service'

// The delivery module's answer to the order store (ports/order-delivery.ts), wired in bootstrap.ts.

export const orderDeliveryPort: OrderDeliveryPort = { deliverInPayment }
