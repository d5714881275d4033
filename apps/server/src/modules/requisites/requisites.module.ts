export { insertRequisite, replaceRestrictions } from './requisites.repository';
export { requisitesRoutes } from './requisites.routes';
export { requisites } from './requisites.table';
export { normalizedValue, restrictionTypeViews, restrictionValueErrors } from './restriction-types';
