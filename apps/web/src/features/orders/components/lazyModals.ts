import { lazyModal } from '../../../ui/lazyModal';

/** The order lists' modals, loaded when first opened (the first visit to /active carries only the list). */
export const OrderDetailsModal = lazyModal(
  () => import('./OrderDetailsModal').then((module) => module.OrderDetailsModal),
  (props) => props.orderId !== null,
);

export const DisputeFormModal = lazyModal(
  () => import('./DisputeFormModal').then((module) => module.DisputeFormModal),
  (props) => props.order !== null,
);

export const ConfirmOrderActionModal = lazyModal(
  () => import('./ConfirmOrderActionModal').then((module) => module.ConfirmOrderActionModal),
  (props) => props.request !== null,
);

export const ResolveDisputeModal = lazyModal(
  () => import('./ResolveDisputeModal').then((module) => module.ResolveDisputeModal),
  (props) => props.dispute !== null,
);

export const RejectDisputeModal = lazyModal(
  () => import('./RejectDisputeModal').then((module) => module.RejectDisputeModal),
  (props) => props.dispute !== null,
);

export const AppealCaseModal = lazyModal(
  () => import('./AppealCaseModal').then((module) => module.AppealCaseModal),
  (props) => props.dispute !== null,
);
