import { RequisiteListView } from '../components/RequisiteListView';

/** /requisites (SPEC §2.14): an admin's list of every requisite, with their owners. */
export function RequisitesPage() {
  return <RequisiteListView scope="all" />;
}

/** /requisite (SPEC §2.14, §6): a trader's own requisites. */
export function OwnRequisitesPage() {
  return <RequisiteListView scope="own" />;
}
