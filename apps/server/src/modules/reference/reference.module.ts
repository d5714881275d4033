export type { ReferenceData } from './reference.read';
export { attributeView, currencyView, loadReferenceData, paymentTypeImageUrl } from './reference.read';
export { referenceRoutes } from './reference.routes';
